/**
 * Store plans paid at the provider (ADR 0032 "Store plans", ADR 0037): pure rules of the
 * monthly subscription — the billing period, the grace after a failed renewal, what the store sees.
 */

/** Days a store stays listed after its renewal failed (ADR 0032). */
export const BILLING_GRACE_DAYS = 7;
/** The reminder goes this many days before the grace ends. */
export const BILLING_REMINDER_DAYS_BEFORE = 2;

const DAY_MS = 86_400_000;

export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const STORE_INVOICE_STATUSES = ["open", "paid", "failed", "void"] as const;
export type StoreInvoiceStatus = (typeof STORE_INVOICE_STATUSES)[number];

/**
 * One month after `start`, on the same day of the month, clamped to the month's last day (Jan 31 →
 * Feb 28/29 → Mar 28 stays anchored to 31 through `anchorDay`), in UTC like Stripe's billing anchor.
 */
export function addBillingMonth(start: Date, anchorDay = start.getUTCDate()): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchorDay, last),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** When the grace of a renewal that failed at `failedAt` ends (the store is suspended from then). */
export function graceEndsAt(failedAt: Date): Date {
  return new Date(failedAt.getTime() + BILLING_GRACE_DAYS * DAY_MS);
}

/** When the reminder of a grace ending at `graceUntil` is due. */
export function graceReminderAt(graceUntil: Date): Date {
  return new Date(graceUntil.getTime() - BILLING_REMINDER_DAYS_BEFORE * DAY_MS);
}

export type BillingStep = "none" | "remind" | "suspend";

/**
 * What the scheduled job owes an unpaid store at `now`: suspend at the end of the grace (the
 * instant itself included), remind once from two days before, otherwise nothing.
 */
export function billingStepAt({
  graceUntil,
  reminded,
  suspended,
  now,
}: {
  graceUntil: Date | null;
  reminded: boolean;
  suspended: boolean;
  now: Date;
}): BillingStep {
  if (!graceUntil || suspended) return "none";
  if (now.getTime() >= graceUntil.getTime()) return "suspend";
  if (!reminded && now.getTime() >= graceReminderAt(graceUntil).getTime()) return "remind";
  return "none";
}

/** The plan a renewal bills: the store's choice for next month, else the plan it has. */
export function planAtRenewal(planId: string | null, newPlanId: string | null): string | null {
  return newPlanId ?? planId;
}

export type BillingPhase = "none" | "pending" | "active" | "canceling" | "grace" | "suspended" | "canceled";

/** The one word the payment page leads with. */
export function billingPhase({
  status,
  cancelAtPeriodEnd,
  suspended,
}: {
  status: SubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  suspended: boolean;
}): BillingPhase {
  if (suspended) return "suspended";
  if (!status) return "none";
  if (status === "incomplete") return "pending";
  if (status === "past_due") return "grace";
  if (status === "canceled") return "canceled";
  return cancelAtPeriodEnd ? "canceling" : "active";
}

export const BILLING_PHASE_LABELS: Record<
  BillingPhase,
  { label: string; tone: "green" | "amber" | "red" | "gray" }
> = {
  none: { label: "未登録", tone: "gray" },
  pending: { label: "お手続き中", tone: "amber" },
  active: { label: "ご契約中", tone: "green" },
  canceling: { label: "解約予定", tone: "amber" },
  grace: { label: "お支払い待ち", tone: "red" },
  suspended: { label: "掲載停止中", tone: "red" },
  canceled: { label: "解約済み", tone: "gray" },
};

export const INVOICE_STATUS_LABELS: Record<StoreInvoiceStatus, string> = {
  open: "未払い",
  paid: "お支払い済み",
  failed: "決済失敗",
  void: "無効",
};
