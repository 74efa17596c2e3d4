import Stripe from "stripe";
import type { StripeConfig } from "./stripe-payments";

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The official client pointed at `STRIPE_API_BASE` by host, port and protocol (ADR 0032), one per
 * configuration: checkout (stripe-payments.ts) and listeners' saved cards (stripe-customers.ts)
 * share it.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const known = clients.get(config);
  if (known) return known;
  const base = new URL(config.apiBase);
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : base.protocol === "https:" ? 443 : 80,
    protocol: base.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  clients.set(config, stripe);
  return stripe;
}
