import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { SITE_NAME } from "~/site";

/**
 * TOTP (RFC 6238) for operators, on `otpauth`: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from a QR code. A code of the step before or after is accepted too
 * (clock drift of a phone); the caller refuses any step not later than the last one accepted.
 */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;

function totp(secretBase32: string, label = "operator"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: SITE_NAME,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as the apps show it. */
export function generateTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The time step (counter) of `code` for `secret` at `now`, or null when it matches none. */
export function matchTotpStep(secretBase32: string, code: string, now: Date = new Date()): number | null {
  const timestamp = now.getTime();
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return OTPAuth.TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** The `otpauth://totp/…` key URI the QR code carries. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totp(secretBase32, accountName).toString();
}

/** The key URI as an SVG QR code in a data: URL (rendered on the server; CSP allows data: images). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

/** The secret grouped by four for typing it into an app by hand. */
export function formatSecretForTyping(secretBase32: string): string {
  return secretBase32.replace(/(.{4})/g, "$1 ").trim();
}

// The secret at rest: AES-256-GCM under a key derived from AUTH_SECRET with HKDF for this purpose
// alone, so a database dump without the server's secret does not give away the second factor.
const VERSION = "v1";

function key(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "yoru-operator-totp", "totp-secret-at-rest", 32));
}

export function sealTotpSecret(secretBase32: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(authSecret), iv);
  const encrypted = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url")}`;
}

/** The secret, or null when it was sealed under another AUTH_SECRET (or tampered with). */
export function openTotpSecret(sealed: string, authSecret: string): string | null {
  const [version, body] = sealed.split(".");
  if (version !== VERSION || !body) return null;
  try {
    const bytes = Buffer.from(body, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key(authSecret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
