import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Identity document pictures at rest (ADR 0055): AES-256-GCM under a key derived (HKDF-SHA256) from
 * AUTH_SECRET, as linked accounts' tokens are (ADR 0026), with a fresh 96-bit IV per picture and
 * the verification's id as associated data, so a file copied onto another verification does not
 * open. Stored as `YAD1` ‖ IV (12) ‖ tag (16) ‖ ciphertext.
 */
const MAGIC = Buffer.from("YAD1");

function keyOf(secret: string): Buffer {
  if (!secret) throw new Error("document cipher: AUTH_SECRET is empty");
  return Buffer.from(hkdfSync("sha256", secret, "yoru-navi/age", "age-document-encryption-v1", 32));
}

export function sealDocument(secret: string, plain: Uint8Array, context: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/** Throws when the bytes were not sealed with this secret for this context. */
export function openDocument(secret: string, sealed: Uint8Array, context: string): Buffer {
  const bytes = Buffer.from(sealed);
  if (bytes.length < 32 || !bytes.subarray(0, 4).equals(MAGIC))
    throw new Error("document cipher: bad format");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(4, 16));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(16, 32));
  return Buffer.concat([decipher.update(bytes.subarray(32)), decipher.final()]);
}
