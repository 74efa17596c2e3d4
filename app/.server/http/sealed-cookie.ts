import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * A value kept in a cookie, encrypted and authenticated with AES-256-GCM under a key derived from
 * AUTH_SECRET and the cookie's purpose. Used for registration drafts: the confirm step needs the
 * password entered at the input step, and it must never travel in plain text nor be echoed back.
 */
export interface SealedCookie<T> {
  read(request: Request): T | null;
  /** The Set-Cookie header value that stores `value`. */
  write(value: T): string;
  /** The Set-Cookie header value that removes the cookie. */
  clear(): string;
}

export function createSealedCookie<T>(options: {
  name: string;
  secret: string;
  purpose: string;
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
  /**
   * Deflate before sealing: for drafts with free text (a contact message), which must fit the
   * browsers' 4 KB per cookie. Off by default, so existing cookies keep their format.
   */
  compress?: boolean;
}): SealedCookie<T> {
  const key = createHash("sha256").update(`${options.purpose}\u0000${options.secret}`).digest();
  const attributes = `Path=${options.path}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;

  return {
    read(request) {
      const raw = parseCookies(request.headers.get("cookie") ?? "")[options.name];
      if (!raw) return null;
      try {
        const bytes = Buffer.from(raw, "base64url");
        const iv = bytes.subarray(0, 12);
        const tag = bytes.subarray(12, 28);
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAuthTag(tag);
        const opened = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
        const plain = options.compress ? inflateRawSync(opened) : opened;
        const { v, exp } = JSON.parse(plain.toString("utf8")) as { v: T; exp: number };
        return exp > Date.now() ? v : null;
      } catch {
        return null;
      }
    },
    write(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const payload = JSON.stringify({ v: value, exp: Date.now() + options.maxAgeSeconds * 1000 });
      const bytes = Buffer.from(payload, "utf8");
      const encrypted = Buffer.concat([
        cipher.update(options.compress ? deflateRawSync(bytes) : bytes),
        cipher.final(),
      ]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url");
      return `${options.name}=${sealed}; Max-Age=${options.maxAgeSeconds}; ${attributes}`;
    },
    clear() {
      return `${options.name}=; Max-Age=0; ${attributes}`;
    },
  };
}

function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return cookies;
}
