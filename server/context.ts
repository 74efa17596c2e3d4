import type { Db } from "~/.server/db/client";
import type { Env } from "~/.server/env";

/** What every loader and action receives as `context`. */
export interface RequestContext {
  db: Db;
  env: Env;
  /** CSP nonce of this response, for inline scripts. */
  nonce: string;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
