import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The session token of a `Cookie` header, read the way better-auth reads its signed cookie
 * (better-call: `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`, the first
 * cookie of the name wins), verified with Node's synchronous HMAC instead of WebCrypto's. Null when
 * the cookie is missing, malformed or signed with another secret.
 */
export function signedCookieValue(cookieHeader: string, name: string, secret: string): string | null {
  const raw = firstCookie(cookieHeader, name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  // Only the canonical spelling: base64's unused low bits must not let a respelled signature in.
  if (given.length !== expected.length || given.toString("base64") !== signature) return null;
  return timingSafeEqual(given, expected) ? token : null;
}

function firstCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return null;
}

/**
 * Whether a `Cookie` header carries better-auth's session cookie (prefix "yoru", create-auth.ts),
 * secure or not, valid or not: such a request is a member's, never answered from or kept by a
 * shared cache (ADR 0062).
 */
export function carriesSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Secure-)?yoru\.session_token=/.test(cookieHeader ?? "");
}
