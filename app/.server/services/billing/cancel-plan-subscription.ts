import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { storeBilling } from "../../db/schema";
import type { BillingPort } from "../../integrations/payments/billing-port";

/**
 * The store cancels its plan at the end of the paid period (or takes the cancellation back before
 * then). Nothing is refunded; the store stays listed until the period ends (ADR 0037).
 */
export async function setPlanCancellation({
  db,
  actor,
  port,
  input,
}: {
  db: Db;
  actor: Viewer;
  port: BillingPort | null;
  input: { cancel: boolean };
}): Promise<{ ok: true } | { ok: false; error: "forbidden" | "no_subscription" | "unavailable" }> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  if (!port) return { ok: false, error: "unavailable" };
  const [billing] = await db.select().from(storeBilling).where(eq(storeBilling.liver_id, actor.uid));
  if (!billing?.subscription_id || billing.provider !== port.provider || billing.status === "canceled")
    return { ok: false, error: "no_subscription" };
  const state = await port.setCancelAtPeriodEnd(billing.subscription_id, input.cancel);
  await db
    .update(storeBilling)
    .set({ cancel_at_period_end: state?.cancelAtPeriodEnd ?? input.cancel })
    .where(eq(storeBilling.liver_id, actor.uid));
  return { ok: true };
}
