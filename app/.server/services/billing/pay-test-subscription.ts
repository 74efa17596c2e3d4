import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { addBillingMonth } from "~/domain/store-billing";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { plans, type StoreBilling, storeBilling } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import {
  TEST_BILLING_CARDS,
  type TestBillingCard,
  type TestBillingPort,
} from "../../integrations/payments/test-billing";
import { deliverTestBillingEvent, testInvoice, testSubscription } from "./test-billing-events";

const uid = () => randomUUID().replace(/-/g, "");

/** The store's own test-provider checkout behind a session id, with its plan, or null. */
export async function findTestSubscriptionCheckout({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { sessionId: string };
}): Promise<{ billing: StoreBilling; plan: { id: string; name: string; monthly_price: number } } | null> {
  if (roleRefusal(actor, "store.update")) return null;
  const [row] = await db
    .select({
      billing: storeBilling,
      plan: { id: plans.id, name: plans.name, monthly_price: plans.monthly_price },
    })
    .from(storeBilling)
    .innerJoin(plans, eq(plans.id, storeBilling.plan_id))
    .where(
      and(
        eq(storeBilling.provider, "test"),
        eq(storeBilling.checkout_session_id, input.sessionId),
        eq(storeBilling.liver_id, actor.uid),
      ),
    );
  return row ?? null;
}

/**
 * The テスト決済 page of a plan (test provider): the card is "saved" (brand and last four; 0341
 * declines its renewals), the first month is charged, and the events Stripe would send —
 * `checkout.session.completed` (subscription mode), `invoice.paid`, `customer.subscription.created`
 * — go signed through the same webhook handler.
 */
export async function payTestSubscription({
  db,
  actor,
  port,
  mailer,
  baseUrl,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  port: TestBillingPort;
  mailer: Mailer;
  baseUrl: string;
  input: { sessionId: string; card: TestBillingCard };
  now?: Date;
}): Promise<{ ok: true } | { ok: false; error: "not_found" | "already_paid" }> {
  const found = await findTestSubscriptionCheckout({ db, actor, input });
  if (!found) return { ok: false, error: "not_found" };
  const { billing, plan } = found;
  if (billing.status !== "incomplete") return { ok: false, error: "already_paid" };
  const card = TEST_BILLING_CARDS[input.card];
  const customerId = billing.customer_id ?? `cus_test_${uid()}`;
  const subscriptionId = `sub_test_${uid()}`;
  await db
    .update(storeBilling)
    .set({
      customer_id: customerId,
      test_card_fails: card.fails,
      card_brand: card.brand,
      card_last4: card.last4,
    })
    .where(eq(storeBilling.liver_id, actor.uid));
  const deps = { db, port, mailer, baseUrl, now };
  await deliverTestBillingEvent(deps, "checkout.session.completed", {
    id: input.sessionId,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    client_reference_id: actor.uid,
    customer: customerId,
    subscription: subscriptionId,
    metadata: { store_id: actor.uid, plan_id: plan.id },
  });
  const periodEnd = addBillingMonth(now);
  const linked = { liver_id: actor.uid, subscription_id: subscriptionId, customer_id: customerId };
  await deliverTestBillingEvent(
    deps,
    "invoice.paid",
    testInvoice({
      billing: linked,
      planId: plan.id,
      amountJpy: plan.monthly_price,
      periodStart: now,
      periodEnd,
      status: "paid",
      card,
    }),
  );
  await deliverTestBillingEvent(
    deps,
    "customer.subscription.created",
    testSubscription({
      id: subscriptionId,
      customerId,
      storeId: actor.uid,
      planId: plan.id,
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      card,
    }),
  );
  return { ok: true };
}
