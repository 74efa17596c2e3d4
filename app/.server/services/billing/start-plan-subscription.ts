import { eq } from "drizzle-orm";
import { planTermsKey } from "~/domain/final-confirmation";
import { roleRefusal } from "~/domain/permissions";
import { planAtRenewal } from "~/domain/store-billing";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, plans, type StoreBilling, storeBilling } from "../../db/schema";
import type { BillingPort } from "../../integrations/payments/billing-port";
import { BILLING_PAGE_PATH } from "./receive-billing-webhook";

export type StartSubscriptionResult =
  | { ok: true; url: string }
  | { ok: false; error: "forbidden" | "already_subscribed" | "no_plan" | "unavailable" | "terms_changed" };

type SubscribablePlan =
  | { ok: true; plan: typeof plans.$inferSelect; email: string; existing: StoreBilling | null }
  | { ok: false; error: "forbidden" | "already_subscribed" | "no_plan" };

/**
 * The plan a store would subscribe to now: the one chosen for next month if any, else the current
 * one; refused while a subscription is live (one per store). Read by the final confirmation
 * (ADR 0052) and again when the checkout starts, so both see the same plan.
 */
export async function subscribablePlan(db: Db, storeId: string): Promise<SubscribablePlan> {
  const [store] = await db
    .select({ plan_id: livers.plan_id, new_plan_id: livers.new_plan_id, email: livers.email })
    .from(livers)
    .where(eq(livers.uid, storeId));
  if (!store) return { ok: false, error: "forbidden" };
  const [existing] = await db.select().from(storeBilling).where(eq(storeBilling.liver_id, storeId));
  if (existing && (existing.status === "active" || existing.status === "past_due"))
    return { ok: false, error: "already_subscribed" };
  const planId = planAtRenewal(store.plan_id, store.new_plan_id);
  const [plan] = planId ? await db.select().from(plans).where(eq(plans.id, planId)) : [];
  if (!plan) return { ok: false, error: "no_plan" };
  return { ok: true, plan, email: store.email, existing: existing ?? null };
}

/**
 * The store starts paying its plan (ADR 0032): a hosted checkout in subscription mode at the
 * provider (Stripe Checkout, or the test provider's テスト決済 page). The plan billed is the one
 * chosen for next month if any, else the current one. A store with a live subscription is refused
 * (one subscription per store); a canceled one may start again with the same customer. It starts
 * only from the final confirmation (ADR 0052): a plan whose price or limit changed since that
 * screen, or another plan chosen meanwhile, is refused (`terms_changed`).
 */
export async function startPlanSubscription({
  db,
  actor,
  port,
  input,
}: {
  db: Db;
  actor: Viewer;
  port: BillingPort | null;
  /** `confirmedTerms`: the key of the terms the final confirmation showed (ADR 0052). */
  input: { baseUrl: string; confirmedTerms: string };
}): Promise<StartSubscriptionResult> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  if (!port) return { ok: false, error: "unavailable" };
  const subscribable = await subscribablePlan(db, actor.uid);
  if (!subscribable.ok) return subscribable;
  const { plan, existing } = subscribable;
  if (planTermsKey(plan) !== input.confirmedTerms) return { ok: false, error: "terms_changed" };
  const sameProvider = existing?.provider === port.provider;
  const checkout = await port.startSubscription({
    storeId: actor.uid,
    email: subscribable.email || actor.email,
    planId: plan.id,
    planName: `ヨルナビ ${plan.name}`,
    amountJpy: plan.monthly_price,
    customerId: sameProvider ? (existing?.customer_id ?? null) : null,
    successUrl: `${input.baseUrl}${BILLING_PAGE_PATH}?checkout=done`,
    cancelUrl: `${input.baseUrl}${BILLING_PAGE_PATH}`,
  });
  const fresh = {
    provider: port.provider,
    customer_id: checkout.customerId,
    checkout_session_id: checkout.id,
    plan_id: plan.id,
    status: "incomplete" as const,
    subscription_id: null,
    scheduled_plan_id: null,
    current_period_start: null,
    current_period_end: null,
    cancel_at_period_end: false,
    anchor_day: null,
    failed_at: null,
    grace_until: null,
    grace_reminded_at: null,
  };
  await db
    .insert(storeBilling)
    .values({ liver_id: actor.uid, ...fresh })
    .onConflictDoUpdate({ target: storeBilling.liver_id, set: fresh });
  return { ok: true, url: checkout.url };
}
