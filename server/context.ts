import type { Auth } from "~/.server/auth/create-auth";
import type { Db } from "~/.server/db/client";
import type { Env } from "~/.server/env";
import type { LiveMediaPort } from "~/.server/integrations/live-media/media-port";
import type { Mailer } from "~/.server/integrations/mail/mailer";
import type { ImageStorage } from "~/.server/integrations/storage/image-storage";
import type { ObjectStorage } from "~/.server/integrations/storage/object-storage";
import type { RealtimeHub } from "~/.server/realtime/hub";

/** What every loader and action receives as `context`. */
export interface RequestContext {
  db: Db;
  env: Env;
  auth: Auth;
  mailer: Mailer;
  /** Where uploaded pictures go after they are re-encoded. */
  images: ImageStorage;
  /** Uploaded files (disk or S3, ADR 0016): the port for what is not a picture (videos). */
  storage: ObjectStorage;
  /**
   * The client's address as the abuse limits count it (IPv6 by its /64): the socket's, or the
   * proxy's report when TRUST_PROXY says so.
   */
  clientIp: string;
  /** The client is this machine (development tools such as /dev/mail answer only then). */
  fromLoopback: boolean;
  /** This process's realtime hub: event streams subscribe through it (ADR 0018). */
  realtime: RealtimeHub;
  /** The media transport of lives (ADR 0031): the embedded SFU or LiveKit. */
  liveMedia: LiveMediaPort;
  /** CSP nonce of this response, for inline scripts. */
  nonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
