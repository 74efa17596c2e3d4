import { and, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { storeBilling, storeInvoices } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import { TEST_BILLING_CARDS, type TestBillingPort } from "../../integrations/payments/test-billing";
import { renewTestSubscription } from "./renew-store-plans";
import { deliverTestBillingEvent } from "./test-billing-events";

export const TEST_BILLING_CONTROLS = ["card_4242", "card_0341", "renew_now", "pay_unpaid"] as const;
export type TestBillingControl = (typeof TEST_BILLING_CONTROLS)[number];

/**
 * What a person can do by hand with the test provider on the payment page (never in production,
 * where the test provider is refused): switch the card on file (0341 declines renewals), renew
 * now instead of waiting a month, and pay the unpaid invoices with the card on file (the
 * 「お支払い」 a store would make on Stripe's invoice page). Each goes through the same signed
 * events and webhook handler as the scheduled job.
 */
export async function runTestBillingControl({
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
  input: { control: TestBillingControl };
  now?: Date;
}): Promise<
  { ok: true; outcome: string } | { ok: false; error: "forbidden" | "no_subscription" | "card_fails" }
> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  const [billing] = await db
    .select()
    .from(storeBilling)
    .where(and(eq(storeBilling.liver_id, actor.uid), eq(storeBilling.provider, "test")));
  if (!billing?.subscription_id) return { ok: false, error: "no_subscription" };
  const deps = { db, port, mailer, baseUrl, now };
  if (input.control === "card_4242" || input.control === "card_0341") {
    const card = TEST_BILLING_CARDS[input.control === "card_4242" ? "4242" : "0341"];
    await db
      .update(storeBilling)
      .set({ test_card_fails: card.fails, card_brand: card.brand, card_last4: card.last4 })
      .where(eq(storeBilling.liver_id, actor.uid));
    return { ok: true, outcome: "card" };
  }
  if (input.control === "renew_now") {
    const at =
      billing.current_period_end && billing.current_period_end > now ? billing.current_period_end : now;
    const outcome = await renewTestSubscription(deps, actor.uid, at);
    return { ok: true, outcome };
  }
  if (billing.test_card_fails) return { ok: false, error: "card_fails" };
  const unpaid = await db
    .select()
    .from(storeInvoices)
    .where(and(eq(storeInvoices.liver_id, actor.uid), eq(storeInvoices.status, "failed")));
  for (const invoice of unpaid) await payTestInvoice(deps, billing.card_brand, billing.card_last4, invoice);
  return { ok: true, outcome: `paid:${unpaid.length}` };
}

async function payTestInvoice(
  deps: { db: Db; port: TestBillingPort; mailer: Mailer; baseUrl: string; now: Date },
  brand: string,
  last4: string,
  invoice: typeof storeInvoices.$inferSelect,
) {
  const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  await deliverTestBillingEvent(deps, "invoice.paid", {
    id: invoice.invoice_id,
    object: "invoice",
    subscription: invoice.subscription_id,
    status: "paid",
    number: invoice.number,
    amount_due: invoice.amount_jpy,
    subscription_details: { metadata: { store_id: invoice.liver_id, plan_id: invoice.plan_id } },
    lines: { data: [{ period: { start: seconds(invoice.period_start), end: seconds(invoice.period_end) } }] },
    payment_method_details: { card: { brand, last4 } },
  });
}
