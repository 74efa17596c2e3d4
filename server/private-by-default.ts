import type { RequestHandler } from "express";
import { PRIVATE_NO_STORE } from "~/domain/cache-policy";

/**
 * An answer of the app that does not say who may keep it is the asker's alone (ADR 0062): pages,
 * data requests, API answers and redirects get `private, no-store` unless their route chose a
 * shared lifetime (app/domain/cache-policy.ts).
 */
export function privateByDefault(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", PRIVATE_NO_STORE);
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
