import cluster from "node:cluster";
import type { Env } from "../../env";
import { createEmbeddedMedia, createWorkerMediaClient } from "./embedded-media";
import { createLivekitMedia } from "./livekit-media";
import type { LiveMediaPort, SfuOptions } from "./media-port";

/** The embedded SFU's settings from the environment (ADR 0031). */
export function sfuOptions(env: Pick<Env, "live">): SfuOptions {
  const stunUrls = env.live.iceServers
    .flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls]))
    .filter((url) => /^stuns?:/.test(url));
  // Loopback too: a browser on this machine (development, the E2E suite) connects over it.
  return { stunUrls, udpPorts: env.live.udpPorts, hostAddresses: ["127.0.0.1"] };
}

/**
 * The media port of this process: LiveKit when configured; otherwise the embedded SFU — in this
 * process's own child, or, in a worker of several (`WEB_CONCURRENCY`), relayed to the primary's.
 */
export function createLiveMedia(
  env: Pick<Env, "live">,
  { maxViewers, log }: { maxViewers: () => Promise<number> | number; log?: (line: string) => void },
): LiveMediaPort {
  if (env.live.media === "livekit" && env.live.livekit)
    return createLivekitMedia(env.live.livekit, { maxViewers, log });
  if (cluster.isWorker) return createWorkerMediaClient();
  return createEmbeddedMedia(sfuOptions(env), log);
}
