import { createHash } from "node:crypto";
import type { StoreBilling } from "../../db/schema";
import type { InvoiceState, SubscriptionState } from "../../integrations/payments/billing-port";
import {
  type TestBillingPort,
  testInvoiceObject,
  testSubscriptionObject,
} from "../../integrations/payments/test-billing";
import type { BillingWebhookDeps } from "./receive-billing-webhook";
import { receiveBillingWebhook } from "./receive-billing-webhook";

/**
 * The test provider tells us what happened the way Stripe does: a signed event handed to the same
 * webhook handler, raw bytes and all. A refusal there is a bug of ours, so it throws.
 */
export async function deliverTestBillingEvent(
  deps: BillingWebhookDeps & { port: TestBillingPort },
  type: string,
  object: Record<string, unknown>,
): Promise<void> {
  const event = deps.port.signedEvent(type, object, deps.now);
  const result = await receiveBillingWebhook({ ...deps, rawBody: event.body, signature: event.signature });
  if (!result.ok) throw new Error(`test billing event refused by the webhook handler: ${result.error}`);
}

/** The invoice of one period of a test subscription: its id is fixed by the period (a rerun is the same invoice). */
export function testInvoice({
  billing,
  planId,
  amountJpy,
  periodStart,
  periodEnd,
  status,
  card,
}: {
  billing: Pick<StoreBilling, "liver_id" | "subscription_id" | "customer_id">;
  planId: string;
  amountJpy: number;
  periodStart: Date;
  periodEnd: Date;
  status: InvoiceState["status"];
  card: { brand: string; last4: string };
}): Record<string, unknown> {
  const digest = createHash("sha256")
    .update(`${billing.subscription_id}:${periodStart.toISOString()}`)
    .digest("hex")
    .slice(0, 20);
  const stamp = periodStart.toISOString().slice(0, 10).replace(/-/g, "");
  return testInvoiceObject({
    id: `in_test_${digest}`,
    subscriptionId: billing.subscription_id,
    customerId: billing.customer_id,
    storeId: billing.liver_id,
    planId,
    number: `TEST-${stamp}-${digest.slice(0, 4).toUpperCase()}`,
    amountJpy,
    status,
    periodStart,
    periodEnd,
    hostedUrl: "",
    cardBrand: card.brand,
    cardLast4: card.last4,
  });
}

export function testSubscription(state: SubscriptionState): Record<string, unknown> {
  return testSubscriptionObject(state);
}
