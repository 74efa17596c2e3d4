import { createHash, randomBytes } from "node:crypto";

/** A fresh invitation token (32 random bytes, URL-safe) and the hash that is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether a string can be a token at all (so junk never reaches the database). */
export const isInvitationTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
