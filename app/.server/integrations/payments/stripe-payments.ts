import Stripe from "stripe";
import {
  type CheckoutRequest,
  type CheckoutSession,
  eventFromJson,
  type PaymentPort,
  sessionState,
  WebhookSignatureError,
} from "./payment-port";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** `https://api.stripe.com`, or a local fake's origin. */
  apiBase: string;
}

/**
 * Stripe through its official client (`stripe` 23, ADR 0032): Checkout Sessions in JPY (zero-
 * decimal) with card and konbini, an Idempotency-Key per order, webhooks verified by the client's
 * `constructEvent` (the documented `Stripe-Signature` scheme over the raw body).
 */
export function createStripePayments(config: StripeConfig): PaymentPort {
  const base = new URL(config.apiBase);
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : base.protocol === "https:" ? 443 : 80,
    protocol: base.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    provider: "stripe",
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      // `payment_method_types` is the documented way to offer card and konbini (external-apis
      // §4); the client's newest typings leave it out (dynamic payment methods), the API takes it.
      const params = {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "jpy",
              unit_amount: request.amountJpy,
              product_data: { name: request.productName },
            },
          },
        ],
        payment_method_types: ["card", "konbini"],
        payment_method_options: { konbini: { expires_after_days: 3 } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.orderId,
        metadata: { order_id: request.orderId, listener_id: request.listenerId },
        locale: "ja",
      } as Stripe.Checkout.SessionCreateParams;
      const session = await stripe.checkout.sessions.create(params, {
        idempotencyKey: `coin-order-${request.orderId}`,
      });
      if (!session.url) throw new Error("Stripe returned a session without a url");
      return { id: session.id, url: session.url };
    },
    async confirmSession(known) {
      const session = await stripe.checkout.sessions.retrieve(known.id);
      return sessionState(session as unknown as Record<string, unknown>);
    },
    parseWebhook(rawBody, signatureHeader) {
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signatureHeader ?? "", config.webhookSecret);
        return eventFromJson(event);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "bad signature");
      }
    },
  };
}
