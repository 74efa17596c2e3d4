import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { graceEndsAt } from "~/domain/store-billing";
import type { Db, Tx } from "../../db/client";
import { livers, paymentEvents, plans, storeBilling, storeInvoices } from "../../db/schema";
import { planPaidAgainMail, planPaymentFailedMail } from "../../integrations/mail/billing-templates";
import type { Mailer } from "../../integrations/mail/mailer";
import type {
  BillingEvent,
  BillingPort,
  InvoiceState,
  SubscriptionState,
} from "../../integrations/payments/billing-port";
import { WebhookSignatureError } from "../../integrations/payments/payment-port";
import { liftStoreSuspension } from "../shared/store-suspension";

export type BillingWebhookResult =
  | { ok: true; handled: string; duplicate?: true }
  | { ok: false; error: "bad_signature" }
  /** The store or subscription is not (yet) ours: non-2xx, so the provider sends it again later. */
  | { ok: false; error: "unknown_subscription" };

export const BILLING_PAGE_PATH = "/liver/mypage/payment";

export interface BillingWebhookDeps {
  db: Db;
  port: BillingPort;
  mailer: Mailer;
  baseUrl: string;
  /** The clock of the grace (a fake one in tests). */
  now?: Date;
}

/**
 * A store-plan event from the provider (ADR 0032, ADR 0037), Stripe's or the test provider's,
 * through the same path: the signature is checked on the raw body, then the event is claimed in
 * `payment_events` inside the transaction that applies it — a repeated event, also two copies at
 * once, is applied exactly once. Order does not matter: an invoice's `paid` is final (a late
 * `payment_failed` of the same invoice changes nothing), periods only move forward, and a
 * subscription event is re-read from Stripe before it is applied.
 *
 * - `invoice.paid`: the invoice row is paid; its plan becomes the store's (`new_plan_id` applied at
 *   the renewal); with no other unpaid invoice the grace ends and the billing suspension is
 *   lifted — mailed when the store had been in arrears.
 * - `invoice.payment_failed`: the invoice row is failed and, if the store was not in arrears yet,
 *   7 days of grace start (mailed). `billing.renew` suspends when they are over.
 * - `checkout.session.completed` links the subscription; `customer.subscription.*` keep its
 *   status, period, cancellation and card.
 */
export async function receiveBillingWebhook(
  deps: BillingWebhookDeps & { rawBody: Buffer; signature: string | null },
): Promise<BillingWebhookResult> {
  let event: BillingEvent;
  try {
    event = deps.port.parseWebhook(deps.rawBody, deps.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { ok: false, error: "bad_signature" };
    throw error;
  }
  return applyBillingEvent(deps, event);
}

export async function applyBillingEvent(
  deps: BillingWebhookDeps,
  event: BillingEvent,
): Promise<BillingWebhookResult> {
  const { db, port } = deps;
  const now = deps.now ?? new Date();
  // Stripe's subscription is re-read (events arrive late and out of order); the test provider's
  // signed event is its own truth.
  let subscription = event.subscription;
  const subscriptionId = subscription?.id ?? event.invoice?.subscriptionId ?? event.checkout?.subscriptionId;
  if (port.provider === "stripe" && subscriptionId && (subscription || event.checkout))
    subscription = (await port.retrieveSubscription(subscriptionId)) ?? subscription;

  const storeId = await findStore(db, port.provider, event, subscription);
  if (!storeId) {
    const [seen] = await db.select().from(paymentEvents).where(eq(paymentEvents.event_id, event.id));
    if (seen) return { ok: true, handled: event.type, duplicate: true };
    const relevant =
      event.type.startsWith("invoice.") ||
      event.type.startsWith("customer.subscription.") ||
      event.type === "checkout.session.completed";
    return relevant ? { ok: false, error: "unknown_subscription" } : record(db, port, event);
  }

  return db.transaction(async (tx) => {
    // The store row first (the order every store write takes), then its billing row.
    const [store] = await tx
      .select({ uid: livers.uid, email: livers.email, name: livers.store_name })
      .from(livers)
      .where(eq(livers.uid, storeId))
      .for("update");
    const [claimed] = await tx
      .insert(paymentEvents)
      .values({ event_id: event.id, provider: port.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.event_id });
    if (!claimed) return { ok: true, handled: event.type, duplicate: true } as const;
    const [billing] = await tx
      .select()
      .from(storeBilling)
      .where(eq(storeBilling.liver_id, storeId))
      .for("update");
    if (!store || !billing) return { ok: true, handled: event.type } as const;
    const ctx: EventContext = { ...deps, tx, now, store, billingStatus: billing.status };

    if (event.checkout && event.type === "checkout.session.completed") {
      await tx
        .update(storeBilling)
        .set({
          customer_id: billing.customer_id ?? event.checkout.customerId,
          subscription_id: event.checkout.subscriptionId ?? billing.subscription_id,
        })
        .where(eq(storeBilling.liver_id, storeId));
    }
    if (subscription?.id) await applySubscription(ctx, subscription, event.type);
    if (event.invoice && event.type === "invoice.paid") await invoicePaid(ctx, event.invoice);
    if (event.invoice && event.type === "invoice.payment_failed") await invoiceFailed(ctx, event.invoice);
    return { ok: true, handled: event.type } as const;
  });
}

interface EventContext extends BillingWebhookDeps {
  tx: Tx;
  now: Date;
  store: { uid: string; email: string; name: string };
  billingStatus: string;
}

async function record(db: Db, port: BillingPort, event: BillingEvent): Promise<BillingWebhookResult> {
  await db
    .insert(paymentEvents)
    .values({ event_id: event.id, provider: port.provider, type: event.type })
    .onConflictDoNothing();
  return { ok: true, handled: event.type };
}

/** The store an event is about: by its subscription or customer, else by the metadata we set. */
async function findStore(
  db: Db,
  provider: "test" | "stripe",
  event: BillingEvent,
  subscription: SubscriptionState | null,
): Promise<string | null> {
  const subscriptionId = subscription?.id ?? event.invoice?.subscriptionId ?? event.checkout?.subscriptionId;
  const customerId = subscription?.customerId ?? event.invoice?.customerId ?? event.checkout?.customerId;
  const named = event.checkout?.storeId ?? subscription?.storeId ?? event.invoice?.storeId;
  const conditions = [
    subscriptionId ? eq(storeBilling.subscription_id, subscriptionId) : null,
    customerId ? eq(storeBilling.customer_id, customerId) : null,
    named ? eq(storeBilling.liver_id, named) : null,
  ].filter((c) => c !== null);
  if (conditions.length === 0) return null;
  for (const condition of conditions) {
    const [row] = await db
      .select({ id: storeBilling.liver_id })
      .from(storeBilling)
      .where(and(eq(storeBilling.provider, provider), condition));
    if (row) return row.id;
  }
  return null;
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

async function applySubscription(ctx: EventContext, s: SubscriptionState, type: string) {
  const [row] = await ctx.tx.select().from(storeBilling).where(eq(storeBilling.liver_id, ctx.store.uid));
  if (!row) return;
  if (row.subscription_id && row.subscription_id !== s.id) return; // an old subscription's news
  // A store starting again (`incomplete`, no subscription yet) is not tied to an ended one.
  if (!row.subscription_id && row.status === "incomplete" && s.status === "canceled") return;
  const deleted = type === "customer.subscription.deleted" || s.status === "canceled";
  // Periods only move forward; arrears are the invoices' business, so a subscription event
  // never ends a grace nor starts one — it only says canceled or not.
  const forward =
    !row.current_period_end || (s.currentPeriodEnd && s.currentPeriodEnd >= row.current_period_end);
  await ctx.tx
    .update(storeBilling)
    .set({
      subscription_id: s.id,
      customer_id: row.customer_id ?? s.customerId,
      status: deleted
        ? "canceled"
        : row.status === "incomplete" && s.status === "active"
          ? "active"
          : row.status,
      current_period_start: forward
        ? (s.currentPeriodStart ?? row.current_period_start)
        : row.current_period_start,
      current_period_end: later(row.current_period_end, s.currentPeriodEnd),
      cancel_at_period_end: forward ? s.cancelAtPeriodEnd : row.cancel_at_period_end,
      anchor_day: row.anchor_day ?? s.currentPeriodStart?.getUTCDate() ?? null,
      ...(s.card ? { card_brand: s.card.brand, card_last4: s.card.last4 } : {}),
    })
    .where(eq(storeBilling.liver_id, ctx.store.uid));
}

async function upsertInvoice(ctx: EventContext, invoice: InvoiceState, status: "paid" | "failed") {
  const values = {
    invoice_id: invoice.id,
    liver_id: ctx.store.uid,
    provider: ctx.port.provider,
    subscription_id: invoice.subscriptionId,
    plan_id: await knownPlan(ctx.tx, invoice.planId),
    number: invoice.number,
    amount_jpy: invoice.amountJpy,
    status,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    hosted_url: invoice.hostedUrl,
    created_at: ctx.now,
    paid_at: status === "paid" ? ctx.now : null,
    failed_at: status === "failed" ? ctx.now : null,
  };
  if (status === "paid")
    await ctx.tx
      .insert(storeInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: storeInvoices.invoice_id,
        set: {
          status: "paid",
          paid_at: ctx.now,
          hosted_url: invoice.hostedUrl || sql`${storeInvoices.hosted_url}`,
        },
        setWhere: ne(storeInvoices.status, "paid"),
      });
  else
    await ctx.tx
      .insert(storeInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: storeInvoices.invoice_id,
        set: { status: "failed", failed_at: ctx.now },
        setWhere: inArray(storeInvoices.status, ["open", "failed"]),
      });
}

async function knownPlan(tx: Tx, planId: string | null): Promise<string | null> {
  if (!planId) return null;
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  return plan?.id ?? null;
}

async function invoicePaid(ctx: EventContext, invoice: InvoiceState) {
  const { tx, store } = ctx;
  await upsertInvoice(ctx, invoice, "paid");
  const [row] = await tx.select().from(storeBilling).where(eq(storeBilling.liver_id, store.uid));
  if (!row) return;
  // The plan of the newest period paid becomes the store's: this is where `new_plan_id` applies.
  const newest =
    !row.current_period_start || !invoice.periodStart || invoice.periodStart >= row.current_period_start;
  const planId = await knownPlan(tx, invoice.planId);
  if (newest && planId) {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    const [current] = await tx
      .select({ plan_id: livers.plan_id, new_plan_id: livers.new_plan_id, limit_staff: livers.limit_staff })
      .from(livers)
      .where(eq(livers.uid, store.uid));
    if (plan && current && (current.plan_id !== plan.id || current.new_plan_id === plan.id))
      await tx
        .update(livers)
        .set({
          plan_id: plan.id,
          new_plan_id: current.new_plan_id === plan.id ? null : current.new_plan_id,
          limit_staff: current.plan_id !== plan.id ? plan.limit_staff : current.limit_staff,
        })
        .where(eq(livers.uid, store.uid));
  }
  const [unpaid] = await tx
    .select({ id: storeInvoices.invoice_id })
    .from(storeInvoices)
    .where(and(eq(storeInvoices.liver_id, store.uid), eq(storeInvoices.status, "failed")))
    .limit(1);
  const inArrears = row.failed_at !== null;
  await tx
    .update(storeBilling)
    .set({
      plan_id: newest && planId ? planId : row.plan_id,
      scheduled_plan_id: newest && planId && row.scheduled_plan_id === planId ? null : row.scheduled_plan_id,
      subscription_id: row.subscription_id ?? invoice.subscriptionId,
      status: row.status === "canceled" ? "canceled" : unpaid ? "past_due" : "active",
      current_period_start: newest
        ? (invoice.periodStart ?? row.current_period_start)
        : row.current_period_start,
      current_period_end: later(row.current_period_end, invoice.periodEnd),
      anchor_day: row.anchor_day ?? invoice.periodStart?.getUTCDate() ?? null,
      ...(invoice.cardLast4 ? { card_brand: invoice.cardBrand, card_last4: invoice.cardLast4 } : {}),
      ...(unpaid ? {} : { failed_at: null, grace_until: null, grace_reminded_at: null }),
    })
    .where(eq(storeBilling.liver_id, store.uid));
  if (unpaid || !inArrears) return;
  const lifted = await liftStoreSuspension(tx, {
    liverId: store.uid,
    source: "billing",
    by: { uid: null, email: "billing" },
    note: `invoice ${invoice.id} paid`,
    now: ctx.now,
  });
  if (!store.email) return;
  const relisted = lifted.ok && lifted.lifted && lifted.remaining.length === 0;
  const stillHeld = lifted.ok && lifted.remaining.length > 0;
  await ctx.mailer.send(
    {
      kind: "plan-paid-again",
      to: store.email,
      ...planPaidAgainMail({
        name: store.name,
        relisted,
        stillHeld,
        url: `${ctx.baseUrl}${BILLING_PAGE_PATH}`,
      }),
      meta: { liverId: store.uid, invoiceId: invoice.id },
    },
    { tx },
  );
}

async function invoiceFailed(ctx: EventContext, invoice: InvoiceState) {
  const { tx, store } = ctx;
  const [existing] = await tx
    .select({ status: storeInvoices.status })
    .from(storeInvoices)
    .where(eq(storeInvoices.invoice_id, invoice.id));
  if (existing?.status === "paid" || existing?.status === "void") return; // paid is final
  await upsertInvoice(ctx, invoice, "failed");
  const [row] = await tx.select().from(storeBilling).where(eq(storeBilling.liver_id, store.uid));
  if (!row || row.failed_at) return; // already in arrears: one grace, one mail
  const graceUntil = graceEndsAt(ctx.now);
  await tx
    .update(storeBilling)
    .set({
      status: row.status === "canceled" ? "canceled" : "past_due",
      failed_at: ctx.now,
      grace_until: graceUntil,
      grace_reminded_at: null,
    })
    .where(eq(storeBilling.liver_id, store.uid));
  if (!store.email) return;
  const planId = await knownPlan(tx, invoice.planId ?? row.plan_id);
  const [plan] = planId ? await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, planId)) : [];
  await ctx.mailer.send(
    {
      kind: "plan-payment-failed",
      to: store.email,
      ...planPaymentFailedMail({
        name: store.name,
        planName: plan?.name ?? "ご契約のプラン",
        amountJpy: invoice.amountJpy,
        graceUntil,
        url: `${ctx.baseUrl}${BILLING_PAGE_PATH}`,
      }),
      meta: { liverId: store.uid, invoiceId: invoice.id },
    },
    { tx },
  );
}
