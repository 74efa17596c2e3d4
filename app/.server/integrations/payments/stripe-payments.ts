import type Stripe from "stripe";
import { COIN_PAYMENT_METHODS, KONBINI_PAYMENT_DAYS } from "~/domain/final-confirmation";
import {
  type CheckoutRequest,
  type CheckoutSession,
  eventFromJson,
  type PaymentPort,
  sessionState,
  WebhookSignatureError,
} from "./payment-port";
import { stripeClient } from "./stripe-client";

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
  const stripe = stripeClient(config);
  return {
    provider: "stripe",
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      // `payment_method_types` is the documented way to offer card and konbini (external-apis
      // ADR 0007); the client's newest typings leave it out (dynamic payment methods), the API takes it.
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
        // What the final confirmation told the listener (ADR 0052): the methods and the voucher's days.
        payment_method_types: [...COIN_PAYMENT_METHODS],
        payment_method_options: { konbini: { expires_after_days: KONBINI_PAYMENT_DAYS } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.orderId,
        metadata: { order_id: request.orderId, listener_id: request.listenerId },
        locale: "ja",
        // The listener's customer (ADR 0038): Checkout offers to save the card there, with consent.
        ...(request.customerId
          ? { customer: request.customerId, saved_payment_method_options: { payment_method_save: "enabled" } }
          : {}),
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
    async orderOfCharge(charge) {
      if (charge.orderId) return charge.orderId;
      if (!charge.paymentIntent) return null;
      // A Charge does not carry the Checkout Session's metadata: the session paid by its payment
      // intent does (`GET /v1/checkout/sessions?payment_intent=`).
      const sessions = await stripe.checkout.sessions.list({
        payment_intent: charge.paymentIntent,
        limit: 1,
      });
      const session = sessions.data[0];
      return session ? sessionState(session as unknown as Record<string, unknown>).orderId : null;
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
