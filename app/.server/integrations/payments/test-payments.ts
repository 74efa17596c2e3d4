import { createHmac, randomUUID } from "node:crypto";
import {
  type ChargeState,
  type CheckoutSession,
  eventFromJson,
  type PaymentPort,
  parseEventJson,
  type SessionState,
  WebhookSignatureError,
} from "./payment-port";
import { signStripePayload, verifyStripeSignature } from "./stripe-signature";

/** The local secret of the test provider, derived from AUTH_SECRET (nothing more to configure). */
export function testWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac("sha256", authSecret).update("payments:test-provider").digest("base64url")}`;
}

export const TEST_CHECKOUT_PATH = "/listener/coin/test-checkout";

/**
 * The test provider (ADR 0032): the checkout is our own page marked テスト決済
 * (`/listener/coin/test-checkout/<session>`); paying there posts events shaped like Stripe's,
 * signed with the local secret, to the same webhook handler Stripe's go through. Its sessions are
 * the orders themselves, so a session is confirmed by the signed event that carries it.
 */
export function createTestPayments(authSecret: string): PaymentPort & {
  signedEvent(type: string, session: SessionState): { body: Buffer; signature: string };
  /** A `charge.refunded` of an order's charge, refunded up to `amountRefunded` yen in all (ADR 0038). */
  signedRefund(charge: Omit<ChargeState, "paymentIntent">): { body: Buffer; signature: string };
} {
  const secret = testWebhookSecret(authSecret);
  return {
    provider: "test",
    async createCheckout(request): Promise<CheckoutSession> {
      const id = `cs_test_local_${randomUUID().replace(/-/g, "")}`;
      // Stripe sends the payer back to the success URL; our page cannot keep it anywhere, so the
      // way back it carries (`return`, ADR 0043) travels in the page's own URL instead.
      const back = new URL(request.successUrl, "http://same.origin").searchParams.get("return");
      const query = back ? `?${new URLSearchParams({ return: back })}` : "";
      return { id, url: `${TEST_CHECKOUT_PATH}/${id}${query}` };
    },
    async confirmSession(session) {
      return session;
    },
    parseWebhook(rawBody, signatureHeader) {
      const failure = verifyStripeSignature(rawBody, signatureHeader, secret);
      if (failure) throw new WebhookSignatureError(failure);
      return eventFromJson(parseEventJson(rawBody));
    },
    signedEvent(type, session) {
      const body = Buffer.from(
        JSON.stringify({
          id: `evt_test_${randomUUID().replace(/-/g, "")}`,
          object: "event",
          type,
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: session.id,
              object: "checkout.session",
              status: session.status,
              payment_status: session.paymentStatus,
              client_reference_id: session.orderId,
              metadata: { order_id: session.orderId },
            },
          },
        }),
      );
      return { body, signature: signStripePayload(body, secret) };
    },
    signedRefund(charge) {
      const body = Buffer.from(
        JSON.stringify({
          id: `evt_test_${randomUUID().replace(/-/g, "")}`,
          object: "event",
          type: "charge.refunded",
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: charge.id,
              object: "charge",
              amount: charge.amount,
              amount_refunded: charge.amountRefunded,
              refunded: charge.amountRefunded >= charge.amount,
              currency: "jpy",
              metadata: { order_id: charge.orderId },
            },
          },
        }),
      );
      return { body, signature: signStripePayload(body, secret) };
    },
  };
}
