import { randomUUID } from "node:crypto";
import {
  type BillingPort,
  billingEventFromJson,
  type InvoiceState,
  type SubscriptionState,
} from "./billing-port";
import { parseEventJson, WebhookSignatureError } from "./payment-port";
import { signStripePayload, verifyStripeSignature } from "./stripe-signature";
import { testWebhookSecret } from "./test-payments";

export const TEST_BILLING_CHECKOUT_PATH = "/liver/mypage/payment/test-checkout";

/** Test cards of the on-site page: Stripe's documented numbers, one that pays, one that fails later. */
export const TEST_BILLING_CARDS = {
  /** Pays every invoice. */
  "4242": { brand: "visa", last4: "4242", fails: false },
  /** Saved and charged for the first month, then declines its renewals (like Stripe's 4000…0341). */
  "0341": { brand: "visa", last4: "0341", fails: true },
} as const;
export type TestBillingCard = keyof typeof TEST_BILLING_CARDS;

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export type TestBillingPort = BillingPort & {
  /** A Stripe-shaped event around `object`, signed with the local secret. */
  signedEvent(type: string, object: Record<string, unknown>, now?: Date): { body: Buffer; signature: string };
};

/**
 * The test provider's billing (ADR 0032): the checkout is our own テスト決済 page; the
 * subscription lives in `store_billing` itself, and the `billing.renew` job renews it on its
 * clock. Every change arrives as a Stripe-shaped event signed with the local secret and goes
 * through the same webhook handler Stripe's events go through.
 */
export function createTestBilling(authSecret: string): TestBillingPort {
  const secret = testWebhookSecret(authSecret);
  return {
    provider: "test",
    async startSubscription(request) {
      const id = `cs_test_bill_${randomUUID().replace(/-/g, "")}`;
      return { id, customerId: request.customerId, url: `${TEST_BILLING_CHECKOUT_PATH}/${id}` };
    },
    async scheduleRenewalPlan() {
      // The renewal reads `new_plan_id` itself.
    },
    async setCancelAtPeriodEnd() {
      return null;
    },
    async retrieveSubscription() {
      return null;
    },
    parseWebhook(rawBody, signatureHeader) {
      const failure = verifyStripeSignature(rawBody, signatureHeader, secret);
      if (failure) throw new WebhookSignatureError(failure);
      return billingEventFromJson(parseEventJson(rawBody));
    },
    signedEvent(type, object, now = new Date()) {
      const body = Buffer.from(
        JSON.stringify({
          id: `evt_test_${randomUUID().replace(/-/g, "")}`,
          object: "event",
          type,
          created: Math.floor(now.getTime() / 1000),
          data: { object },
        }),
      );
      return { body, signature: signStripePayload(body, secret) };
    },
  };
}

/** A subscription object as Stripe shapes it (the fields we read). */
export function testSubscriptionObject(s: SubscriptionState): Record<string, unknown> {
  return {
    id: s.id,
    object: "subscription",
    customer: s.customerId,
    status: s.status,
    metadata: { store_id: s.storeId, plan_id: s.planId },
    current_period_start: seconds(s.currentPeriodStart),
    current_period_end: seconds(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
  };
}

/** An invoice object as Stripe shapes it (the fields we read). */
export function testInvoiceObject(i: InvoiceState): Record<string, unknown> {
  return {
    id: i.id,
    object: "invoice",
    customer: i.customerId,
    subscription: i.subscriptionId,
    number: i.number,
    status: i.status,
    amount_due: i.amountJpy,
    currency: "jpy",
    hosted_invoice_url: i.hostedUrl,
    subscription_details: { metadata: { store_id: i.storeId, plan_id: i.planId } },
    lines: { data: [{ period: { start: seconds(i.periodStart), end: seconds(i.periodEnd) } }] },
    payment_method_details: { card: { brand: i.cardBrand, last4: i.cardLast4 } },
  };
}
