import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Stripe's documented webhook signature (ADR 0032): `Stripe-Signature: t=<unix>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`) over the raw bytes. The test provider signs its
 * events with this too, and the fake Stripe server signs its webhooks with it.
 */
export function signStripePayload(
  payload: Buffer | string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(payload).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureFailure = "missing" | "malformed" | "mismatch" | "stale";

/** Checks a `Stripe-Signature` header against the raw body: any `v1` may match; `v0` is ignored. */
export function verifyStripeSignature(
  payload: Buffer,
  header: string | null,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): SignatureFailure | null {
  if (!header) return "missing";
  const parts = header.split(",").map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? ["", ""] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const t = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value ?? "");
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return "malformed";
  const expected = createHmac("sha256", secret).update(`${t}.`).update(payload).digest();
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, "hex"), expected);
  });
  if (!matches) return "mismatch";
  if (Math.abs(now / 1000 - Number(t)) > toleranceSeconds) return "stale";
  return null;
}
