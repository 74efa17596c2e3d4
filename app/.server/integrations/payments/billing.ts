import type { Env } from "../../env";
import type { BillingPort } from "./billing-port";
import { createStripeBilling } from "./stripe-billing";
import { createTestBilling } from "./test-billing";

const ports = new WeakMap<Env, BillingPort | null>();

/** The billing port of this configuration (one per Env), or null when payments are off (`none`). */
export function billingPort(env: Env): BillingPort | null {
  if (ports.has(env)) return ports.get(env) ?? null;
  const port =
    env.payments.provider === "stripe" && env.payments.stripe
      ? createStripeBilling(env.payments.stripe)
      : env.payments.provider === "test"
        ? createTestBilling(env.authSecret)
        : null;
  ports.set(env, port);
  return port;
}
