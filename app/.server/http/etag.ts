import { createHash } from "node:crypto";

/** A strong validator of a body: its SHA-256, quoted (RFC 9110 §8.8.3). */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether `If-None-Match` names `etag` (RFC 9110 §13.1.2): a list of tags compared weakly (a
 * `W/` prefix is ignored on either side), or `*`.
 */
export function noneMatchHolds(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * A JSON answer that caches can revalidate: `ETag` and `Cache-Control` on the 200, and a 304
 * without a body when the client already holds this exact body.
 */
export function cacheableJson(request: Request, body: unknown, cacheControl: string): Response {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
  const headers = { "Cache-Control": cacheControl, ETag: etag };
  if (noneMatchHolds(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });
  return new Response(json, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}
