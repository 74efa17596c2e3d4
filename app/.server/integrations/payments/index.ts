import type { Env } from "../../env";
import type { PaymentPort } from "./payment-port";
import { createStripePayments } from "./stripe-payments";
import { createTestPayments } from "./test-payments";

const ports = new WeakMap<Env, PaymentPort | null>();

/** The payment port of this configuration (one per Env), or null when payments are off (`none`). */
export function paymentPort(env: Env): PaymentPort | null {
  if (ports.has(env)) return ports.get(env) ?? null;
  const port =
    env.payments.provider === "stripe" && env.payments.stripe
      ? createStripePayments(env.payments.stripe)
      : env.payments.provider === "test"
        ? createTestPayments(env.authSecret)
        : null;
  ports.set(env, port);
  return port;
}
