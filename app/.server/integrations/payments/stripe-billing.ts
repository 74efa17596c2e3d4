import Stripe from "stripe";
import { type BillingPort, billingEventFromJson, subscriptionState } from "./billing-port";
import { WebhookSignatureError } from "./payment-port";
import type { StripeConfig } from "./stripe-payments";

/**
 * Stripe Billing through the official client (ADR 0037, ADR 0032): a customer per store
 * (Idempotency-Key per store), Checkout in `subscription` mode with a monthly JPY price (card
 * only — konbini does not support subscriptions), `new_plan_id` as a price change without
 * proration (so it is billed from the next renewal), cancellation at the period end, and the
 * webhooks verified by the client's `constructEvent` with the same secret as the coin ones.
 */
export function createStripeBilling(config: StripeConfig): BillingPort {
  const base = new URL(config.apiBase);
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : base.protocol === "https:" ? 443 : 80,
    protocol: base.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const monthly = (amountJpy: number) => ({
    currency: "jpy",
    unit_amount: amountJpy,
    recurring: { interval: "month" as const },
  });
  async function retrieve(subscriptionId: string) {
    try {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
        expand: ["default_payment_method"],
      });
      return subscription as unknown as Record<string, unknown>;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
  return {
    provider: "stripe",
    async startSubscription(request) {
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create(
            { email: request.email, metadata: { store_id: request.storeId } },
            { idempotencyKey: `store-customer-${request.storeId}` },
          )
        ).id;
      const params = {
        mode: "subscription",
        customer: customerId,
        line_items: [
          {
            quantity: 1,
            price_data: { ...monthly(request.amountJpy), product_data: { name: request.planName } },
          },
        ],
        payment_method_types: ["card"],
        subscription_data: { metadata: { store_id: request.storeId, plan_id: request.planId } },
        metadata: { store_id: request.storeId, plan_id: request.planId },
        client_reference_id: request.storeId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        locale: "ja",
      } as Stripe.Checkout.SessionCreateParams;
      const session = await stripe.checkout.sessions.create(params);
      if (!session.url) throw new Error("Stripe returned a session without a url");
      return { id: session.id, customerId, url: session.url };
    },
    async scheduleRenewalPlan({ subscriptionId, planId, amountJpy }) {
      const subscription = await retrieve(subscriptionId);
      const item = ((subscription?.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [])[0];
      if (!subscription || !item) throw new Error(`Stripe has no subscription ${subscriptionId}`);
      const price = item.price as { product?: string | { id: string } } | undefined;
      const product = typeof price?.product === "string" ? price.product : price?.product?.id;
      if (!product) throw new Error(`subscription ${subscriptionId} has no product`);
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: String(item.id), price_data: { ...monthly(amountJpy), product } }],
        proration_behavior: "none",
        metadata: { plan_id: planId },
      });
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      return subscriptionState(updated as unknown as Record<string, unknown>);
    },
    async retrieveSubscription(subscriptionId) {
      const subscription = await retrieve(subscriptionId);
      return subscription ? subscriptionState(subscription) : null;
    },
    parseWebhook(rawBody, signatureHeader) {
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signatureHeader ?? "", config.webhookSecret);
        return billingEventFromJson(event);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "bad signature");
      }
    },
  };
}
