import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/**
 * Vendor tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256) from AUTH_SECRET, with a
 * fresh 96-bit IV per value and the link's id as associated data, so a ciphertext copied onto
 * another row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface TokenCipher {
  encrypt(plain: string, context: string): string;
  /** Throws when the value was not sealed with this secret for this context. */
  decrypt(sealed: string, context: string): string;
  /** HMAC-SHA256 of `value` under a second derived key (signing OAuth states). */
  sign(value: string): string;
  verify(value: string, signature: string): boolean;
}

function derive(secret: string, info: string): Buffer {
  if (!secret) throw new Error("token cipher: AUTH_SECRET is empty");
  return Buffer.from(hkdfSync("sha256", secret, "yoru-navi/sns", info, 32));
}

export function createTokenCipher(secret: string): TokenCipher {
  const key = derive(secret, "sns-token-encryption-v1");
  const macKey = derive(secret, "sns-oauth-state-v1");
  const mac = (value: string) => createHmac("sha256", macKey).update(value).digest("base64url");
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const b64 = (b: Buffer) => b.toString("base64url");
      return `v1.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
    },
    decrypt(sealed, context) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("token cipher: bad format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
    sign: mac,
    verify(value, signature) {
      const expected = Buffer.from(mac(value));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
