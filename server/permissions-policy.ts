import type { RequestHandler } from "express";

/**
 * Powerful browser features, all off for every document, except where a page needs one
 * (ADR 0028, ADR 0031; ADR 0017):
 * - camera and microphone on the broadcaster panels `/staff/mypage` and `/liver/mypage`
 *   (viewers of `/listener/live/{id}` only watch: they need neither);
 * - geolocation on `/gps`.
 * Only feature names Chromium knows are listed (an unknown one is a console error on every page).
 *
 * A policy belongs to the document that was loaded, not to later client-side navigations: a page
 * that needs a feature must check `document.permissionsPolicy`/`featurePolicy` and reload itself
 * when it came by a client-side navigation (`reloadIfFeatureBlocked` in app/components/feature-policy.ts).
 */
const DENIED_EVERYWHERE = [
  "payment",
  "usb",
  "serial",
  "hid",
  "midi",
  "display-capture",
  "browsing-topics",
  "idle-detection",
];

const FEATURE_PATHS: Record<"camera" | "microphone" | "geolocation", readonly string[]> = {
  camera: ["/staff/mypage", "/liver/mypage"],
  microphone: ["/staff/mypage", "/liver/mypage"],
  geolocation: ["/gps"],
};

function normalisePath(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") : path;
}

/** The Permissions-Policy header value for a document at `path`. */
export function permissionsPolicyFor(path: string): string {
  const page = normalisePath(path);
  const parts = Object.entries(FEATURE_PATHS).map(
    ([feature, paths]) => `${feature}=${paths.includes(page) ? "(self)" : "()"}`,
  );
  return [...parts, ...DENIED_EVERYWHERE.map((feature) => `${feature}=()`)].join(", ");
}

export function permissionsPolicy(): RequestHandler {
  return (req, res, next) => {
    res.set("Permissions-Policy", permissionsPolicyFor(req.path));
    next();
  };
}
