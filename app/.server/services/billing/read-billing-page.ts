import { and, desc, eq, isNull } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { type BillingPhase, billingPhase, type StoreInvoiceStatus } from "~/domain/store-billing";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, plans, storeBilling, storeInvoices, storeSuspensions } from "../../db/schema";

export interface BillingPage {
  provider: "test" | "stripe" | null;
  phase: BillingPhase;
  plan: { id: string; name: string; monthlyPrice: number } | null;
  newPlan: { id: string; name: string; monthlyPrice: number } | null;
  nextBillingAt: string | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  testCardFails: boolean;
  graceUntil: string | null;
  /** Another (the operator's) suspension holds the store too. */
  heldByOperator: boolean;
  invoices: {
    id: string;
    number: string;
    date: string;
    amountJpy: number;
    status: StoreInvoiceStatus;
    planName: string;
    periodStart: string | null;
    periodEnd: string | null;
    url: string;
  }[];
}

/** `/liver/mypage/payment`: the plan, the next billing date, the card on file and the invoices. */
export async function readBillingPage({ db, actor }: { db: Db; actor: Viewer }): Promise<BillingPage | null> {
  if (roleRefusal(actor, "store.read")) return null;
  const [store] = await db
    .select({ plan_id: livers.plan_id, new_plan_id: livers.new_plan_id })
    .from(livers)
    .where(eq(livers.uid, actor.uid));
  if (!store) return null;
  const [billing] = await db.select().from(storeBilling).where(eq(storeBilling.liver_id, actor.uid));
  const [allPlans, invoices, suspensions] = await Promise.all([
    db.select().from(plans),
    db
      .select()
      .from(storeInvoices)
      .where(eq(storeInvoices.liver_id, actor.uid))
      .orderBy(desc(storeInvoices.created_at), desc(storeInvoices.invoice_id))
      .limit(36),
    db
      .select({ source: storeSuspensions.source })
      .from(storeSuspensions)
      .where(and(eq(storeSuspensions.liver_id, actor.uid), isNull(storeSuspensions.lifted_at))),
  ]);
  const planOf = (id: string | null) => {
    const p = allPlans.find((x) => x.id === id);
    return p ? { id: p.id, name: p.name, monthlyPrice: p.monthly_price } : null;
  };
  const suspendedForBilling = suspensions.some((s) => s.source === "billing");
  return {
    provider: billing?.provider ?? null,
    phase: billingPhase({
      status: billing?.status ?? null,
      cancelAtPeriodEnd: billing?.cancel_at_period_end ?? false,
      suspended: suspendedForBilling,
    }),
    plan: planOf(store.plan_id),
    newPlan: store.new_plan_id && store.new_plan_id !== store.plan_id ? planOf(store.new_plan_id) : null,
    nextBillingAt:
      billing && (billing.status === "active" || billing.status === "past_due")
        ? (billing.current_period_end?.toISOString() ?? null)
        : null,
    cancelAtPeriodEnd: billing?.cancel_at_period_end ?? false,
    card: billing?.card_last4 ? { brand: billing.card_brand, last4: billing.card_last4 } : null,
    testCardFails: billing?.test_card_fails ?? false,
    graceUntil: billing?.grace_until?.toISOString() ?? null,
    heldByOperator: suspensions.some((s) => s.source === "operator"),
    invoices: invoices.map((i) => ({
      id: i.invoice_id,
      number: i.number,
      date: (i.paid_at ?? i.failed_at ?? i.created_at).toISOString(),
      amountJpy: i.amount_jpy,
      status: i.status,
      planName: planOf(i.plan_id)?.name ?? "",
      periodStart: i.period_start?.toISOString() ?? null,
      periodEnd: i.period_end?.toISOString() ?? null,
      url: i.hosted_url,
    })),
  };
}
