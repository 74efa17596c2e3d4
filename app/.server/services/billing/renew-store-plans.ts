import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { addBillingMonth, billingStepAt, planAtRenewal } from "~/domain/store-billing";
import type { Db } from "../../db/client";
import { livers, plans, storeBilling, storeSuspensions } from "../../db/schema";
import { planGraceReminderMail, planSuspendedMail } from "../../integrations/mail/billing-templates";
import type { Mailer } from "../../integrations/mail/mailer";
import type { BillingPort } from "../../integrations/payments/billing-port";
import type { TestBillingPort } from "../../integrations/payments/test-billing";
import { placeStoreSuspension } from "../shared/store-suspension";
import { BILLING_PAGE_PATH } from "./receive-billing-webhook";
import { deliverTestBillingEvent, testInvoice, testSubscription } from "./test-billing-events";

const BATCH = 200;

export interface RenewDeps {
  db: Db;
  port: BillingPort | null;
  mailer: Mailer;
  baseUrl: string;
  /** The job's clock (a fake one in tests). */
  now?: Date;
}

export interface RenewResult {
  renewed: number;
  failed: number;
  canceled: number;
  scheduled: number;
  reminded: number;
  suspended: number;
}

/**
 * The `billing.renew` job (hourly, ADR 0037):
 * 1. the test provider renews every subscription whose period is over — one invoice for the next
 *    month at the plan of `new_plan_id` (else the current one), paid or declined as the store's test
 *    card says, then the subscription moved on; a cancellation at the period end ends it instead.
 *    Stripe renews its own subscriptions and tells us by webhook.
 * 2. Stripe: a store's `new_plan_id` becomes the subscription's price from the next renewal.
 * 3. Both: a store in arrears is reminded two days before its grace ends, and suspended
 *    (`store_suspensions` source `billing`, unlisted) when it is over — mailed each time, once.
 */
export async function renewStorePlans(deps: RenewDeps): Promise<RenewResult> {
  const now = deps.now ?? new Date();
  const result: RenewResult = { renewed: 0, failed: 0, canceled: 0, scheduled: 0, reminded: 0, suspended: 0 };
  if (deps.port?.provider === "test")
    await renewTestSubscriptions({ ...deps, port: deps.port as TestBillingPort, now }, result);
  if (deps.port?.provider === "stripe")
    await scheduleStripePlanChanges({ ...deps, port: deps.port, now }, result);
  await graceSteps({ ...deps, now }, result);
  return result;
}

/**
 * Renews one test subscription if its period is over at `dueAt` (default `now`; the test page's
 * 今すぐ更新 passes the period end, while grace and invoice dates keep the real `now`).
 */
export async function renewTestSubscription(
  deps: RenewDeps & { port: TestBillingPort; now: Date },
  liverId: string,
  dueAt: Date = deps.now,
): Promise<"renewed" | "failed" | "canceled" | "not_due"> {
  const [row] = await deps.db
    .select({ billing: storeBilling, plan_id: livers.plan_id, new_plan_id: livers.new_plan_id })
    .from(storeBilling)
    .innerJoin(livers, eq(livers.uid, storeBilling.liver_id))
    .where(eq(storeBilling.liver_id, liverId));
  const billing = row?.billing;
  if (!row || !billing?.subscription_id || !billing.current_period_end) return "not_due";
  if (billing.provider !== "test" || billing.status === "canceled" || billing.status === "incomplete")
    return "not_due";
  if (billing.current_period_end > dueAt) return "not_due";
  const periodStart = billing.current_period_end;
  const state = {
    id: billing.subscription_id,
    customerId: billing.customer_id,
    storeId: billing.liver_id,
    planId: billing.plan_id,
    currentPeriodStart: billing.current_period_start,
    currentPeriodEnd: billing.current_period_end,
    cancelAtPeriodEnd: billing.cancel_at_period_end,
    card: null,
  };
  if (billing.cancel_at_period_end) {
    await deliverTestBillingEvent(
      deps,
      "customer.subscription.deleted",
      testSubscription({ ...state, status: "canceled" }),
    );
    return "canceled";
  }
  const planId = planAtRenewal(billing.plan_id ?? row.plan_id, row.new_plan_id);
  const [plan] = planId ? await deps.db.select().from(plans).where(eq(plans.id, planId)) : [];
  if (!plan) return "not_due";
  const periodEnd = addBillingMonth(periodStart, billing.anchor_day ?? periodStart.getUTCDate());
  const fails = billing.test_card_fails;
  const invoice = testInvoice({
    billing,
    planId: plan.id,
    amountJpy: plan.monthly_price,
    periodStart,
    periodEnd,
    status: fails ? "open" : "paid",
    card: { brand: billing.card_brand, last4: billing.card_last4 },
  });
  await deliverTestBillingEvent(deps, fails ? "invoice.payment_failed" : "invoice.paid", invoice);
  await deliverTestBillingEvent(
    deps,
    "customer.subscription.updated",
    testSubscription({
      ...state,
      planId: plan.id,
      status: fails ? "past_due" : "active",
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
    }),
  );
  return fails ? "failed" : "renewed";
}

async function renewTestSubscriptions(
  deps: RenewDeps & { port: TestBillingPort; now: Date },
  result: RenewResult,
) {
  const due = await deps.db
    .select({ liver_id: storeBilling.liver_id })
    .from(storeBilling)
    .where(
      and(
        eq(storeBilling.provider, "test"),
        or(eq(storeBilling.status, "active"), eq(storeBilling.status, "past_due")),
        lte(storeBilling.current_period_end, deps.now),
      ),
    )
    .limit(BATCH);
  for (const { liver_id } of due) {
    // A store a year behind (the server was off) is renewed month by month, each its own invoice.
    for (let i = 0; i < 24; i++) {
      const outcome = await renewTestSubscription(deps, liver_id);
      if (outcome === "not_due") break;
      if (outcome === "renewed") result.renewed++;
      else if (outcome === "failed") result.failed++;
      else result.canceled++;
      if (outcome === "canceled") break;
    }
  }
}

async function scheduleStripePlanChanges(
  deps: RenewDeps & { port: BillingPort; now: Date },
  result: RenewResult,
) {
  const rows = await deps.db
    .select({
      liver_id: storeBilling.liver_id,
      subscription_id: storeBilling.subscription_id,
      billed: storeBilling.plan_id,
      scheduled: storeBilling.scheduled_plan_id,
      new_plan_id: livers.new_plan_id,
    })
    .from(storeBilling)
    .innerJoin(livers, eq(livers.uid, storeBilling.liver_id))
    .where(
      and(
        eq(storeBilling.provider, "stripe"),
        isNotNull(storeBilling.subscription_id),
        or(eq(storeBilling.status, "active"), eq(storeBilling.status, "past_due")),
        sql`coalesce(${livers.new_plan_id}, ${storeBilling.plan_id}) is distinct from coalesce(${storeBilling.scheduled_plan_id}, ${storeBilling.plan_id})`,
      ),
    )
    .limit(BATCH);
  for (const row of rows) {
    const wanted = planAtRenewal(row.billed, row.new_plan_id);
    if (!wanted || !row.subscription_id) continue;
    const [plan] = await deps.db.select().from(plans).where(eq(plans.id, wanted));
    if (!plan) continue;
    await deps.port.scheduleRenewalPlan({
      subscriptionId: row.subscription_id,
      planId: plan.id,
      planName: plan.name,
      amountJpy: plan.monthly_price,
    });
    await deps.db
      .update(storeBilling)
      .set({ scheduled_plan_id: plan.id === row.billed ? null : plan.id })
      .where(eq(storeBilling.liver_id, row.liver_id));
    result.scheduled++;
  }
}

async function graceSteps(deps: RenewDeps & { now: Date }, result: RenewResult) {
  const rows = await deps.db
    .select({
      liver_id: storeBilling.liver_id,
      grace_until: storeBilling.grace_until,
      grace_reminded_at: storeBilling.grace_reminded_at,
      suspended: storeSuspensions.id,
    })
    .from(storeBilling)
    .leftJoin(
      storeSuspensions,
      and(
        eq(storeSuspensions.liver_id, storeBilling.liver_id),
        eq(storeSuspensions.source, "billing"),
        isNull(storeSuspensions.lifted_at),
      ),
    )
    .where(
      and(
        isNotNull(storeBilling.grace_until),
        lte(sql`${storeBilling.grace_until} - interval '2 days'`, deps.now),
      ),
    )
    .limit(BATCH);
  const url = `${deps.baseUrl}${BILLING_PAGE_PATH}`;
  for (const candidate of rows) {
    await deps.db.transaction(async (tx) => {
      const [store] = await tx
        .select({ uid: livers.uid, email: livers.email, name: livers.store_name })
        .from(livers)
        .where(eq(livers.uid, candidate.liver_id))
        .for("update");
      const [billing] = await tx
        .select()
        .from(storeBilling)
        .where(eq(storeBilling.liver_id, candidate.liver_id))
        .for("update");
      if (!store || !billing) return;
      const step = billingStepAt({
        graceUntil: billing.grace_until,
        reminded: billing.grace_reminded_at !== null,
        suspended: candidate.suspended !== null,
        now: deps.now,
      });
      if (step === "remind" && billing.grace_until) {
        await tx
          .update(storeBilling)
          .set({ grace_reminded_at: deps.now })
          .where(eq(storeBilling.liver_id, store.uid));
        if (store.email)
          await deps.mailer.send(
            {
              kind: "plan-grace-reminder",
              to: store.email,
              ...planGraceReminderMail({ name: store.name, graceUntil: billing.grace_until, url }),
              meta: { liverId: store.uid },
            },
            { tx },
          );
        result.reminded++;
      }
      if (step === "suspend") {
        const placed = await placeStoreSuspension(tx, {
          liverId: store.uid,
          source: "billing",
          reason: "プラン料金の未払い（猶予期間の経過）",
          by: { uid: null, email: "billing" },
          now: deps.now,
        });
        if (!placed.ok || !placed.created) return;
        if (store.email)
          await deps.mailer.send(
            {
              kind: "plan-suspended",
              to: store.email,
              ...planSuspendedMail({ name: store.name, url }),
              meta: { liverId: store.uid },
            },
            { tx },
          );
        result.suspended++;
      }
    });
  }
}
