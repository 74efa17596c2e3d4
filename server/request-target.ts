import type { ErrorRequestHandler, RequestHandler } from "express";
import { refuse } from "./refusal";

/**
 * The request line and Host header, made sound before any other middleware reads them (ADR 0049).
 * React Router's adapter builds the request's URL from the Host header and the target as sent;
 * a target or host that makes no URL threw there and answered 500. Here:
 * - a method the site does not serve (TRACE, PROPFIND, …) is a 405 with `Allow`;
 * - `OPTIONS *` (the server as a whole) answers 204 with `Allow`; any other `*` target is a 400;
 * - an absolute-form target (`GET http://host/path`, which HTTP/1.1 servers must accept) becomes the
 *   origin-form path, its authority the Host;
 * - a missing or empty Host (HTTP/1.0 allows it) is the site's own host; a Host, or a trusted
 *   X-Forwarded-Host, that is not a host name, an IPv4 or a bracketed IPv6 with an optional port is
 *   a 400.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");
const METHODS = new Set<string>(ALLOWED_METHODS);

export const METHOD_MESSAGE = "このリクエストの方法には対応していません";
export const TARGET_MESSAGE = "リクエストの宛先を読み取れませんでした";

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Whether a Host header value is a host (name, IPv4 or bracketed IPv6) with an optional port. */
export function isHostHeader(value: string): boolean {
  return value.length <= 255 && HOST.test(value);
}

/** The origin-form of an absolute-form target and its authority, or null when it is not http(s). */
function originForm(target: string): { path: string; host: string } | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.host) return null;
  return { path: `${url.pathname}${url.search}`, host: url.host };
}

export function requestTarget({ siteHost }: { siteHost: string }): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.has(req.method)) {
      res.set("Allow", ALLOW);
      return refuse(req, res, 405, METHOD_MESSAGE);
    }
    if (req.url === "*") {
      if (req.method !== "OPTIONS") return refuse(req, res, 400, TARGET_MESSAGE);
      res.set("Allow", ALLOW).status(204).end();
      return;
    }
    if (!req.url.startsWith("/")) {
      const target = originForm(req.url);
      if (!target) {
        req.url = "/";
        return refuse(req, res, 400, TARGET_MESSAGE);
      }
      req.url = target.path;
      req.originalUrl = target.path;
      req.headers.host = target.host;
    }
    const host = req.headers.host;
    if (!host) req.headers.host = siteHost;
    else if (!isHostHeader(host)) return refuse(req, res, 400, TARGET_MESSAGE);
    const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
    if (forwarded !== undefined && !forwarded.split(",").every((h) => isHostHeader(h.trim())))
      return refuse(req, res, 400, TARGET_MESSAGE);
    next();
  };
}

export const SERVER_ERROR_MESSAGE = "サーバーでエラーが発生しました。時間をおいてもう一度お試しください";

/**
 * The last handler: an error no route answered for is logged and answered with a short Japanese
 * page (or the API's JSON error), never Express's default page, which shows the stack outside
 * production.
 */
export function lastResortErrors(): ErrorRequestHandler {
  return (error, req, res, next) => {
    // A visitor who left mid-answer (a navigation, a closed tab) is no error of ours: nothing to
    // log and nobody to answer.
    if ((error as { code?: string } | null)?.code === "ERR_STREAM_PREMATURE_CLOSE" && res.destroyed) return;
    console.error("[http] unhandled error", error);
    if (res.headersSent) return next(error);
    refuse(req, res, 500, SERVER_ERROR_MESSAGE);
  };
}
