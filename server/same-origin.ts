import type { RequestHandler } from "express";
import { refuse } from "./refusal";

export const CROSS_SITE_MESSAGE =
  "他のサイトから送信されたため受け付けられませんでした。このサイトのページからもう一度お試しください";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The RFC 8058 one-click unsubscribe: mail providers POST it from their own servers, without
 * cookies and with whatever Origin they like (ADR 0025). The signed token in the path is its only
 * authority — no session, so nothing to forge across sites — and it is rate-limited per address.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = /^\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The Origin check React Router makes for document actions, for every request that changes
 * something — resource routes too (`POST /logout`, `/api/*`, better-auth under `/api/auth`),
 * which React Router lets through unchecked (ADR 0017). A request whose Origin header names
 * another site (or is `null`, an opaque origin) is refused with 403; a request without Origin
 * (curl, an old client) passes, as browsers always send Origin on cross-site posts.
 *
 * Our own origin is BASE_URL's, or the one the request was addressed to: its Host header (with
 * X-Forwarded-Host / X-Forwarded-Proto only when TRUST_PROXY says the proxy's word counts, as
 * Express and React Router's adapter read them).
 */
export function sameOriginMutations(baseUrl: string): RequestHandler {
  const siteOrigin = new URL(baseUrl).origin;
  return (req, res, next) => {
    if (!MUTATING.has(req.method)) return next();
    if (req.method === "POST" && ONE_CLICK_UNSUBSCRIBE_PATH.test(req.path)) {
      // React Router's own check for document actions would refuse a foreign Origin with 400:
      // the header means nothing for this path, so it does not travel further.
      delete req.headers.origin;
      return next();
    }
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    if (origin === siteOrigin) return next();
    const host = req.host; // Express 5: with the port, X-Forwarded-Host only under "trust proxy"
    if (host && origin === `${req.protocol}://${host}`) return next();
    refuse(req, res, 403, CROSS_SITE_MESSAGE);
  };
}
