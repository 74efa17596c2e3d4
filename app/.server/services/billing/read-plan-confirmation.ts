import { planTermsKey } from "~/domain/final-confirmation";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { subscribablePlan } from "./start-plan-subscription";

export type PlanConfirmation =
  | {
      ok: true;
      plan: { id: string; name: string; monthly_price: number; limit_staff: number };
      /** The key the confirmation's form carries (ADR 0052); `startPlanSubscription` compares it. */
      terms: string;
    }
  | { ok: false; error: "forbidden" | "already_subscribed" | "no_plan" };

/**
 * `/liver/mypage/payment/confirm` (ADR 0052): the plan the subscription would bill, as the
 * checkout will read it, and the key of its terms.
 */
export async function readPlanConfirmation({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<PlanConfirmation> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  const subscribable = await subscribablePlan(db, actor.uid);
  if (!subscribable.ok) return subscribable;
  const { id, name, monthly_price, limit_staff } = subscribable.plan;
  const plan = { id, name, monthly_price, limit_staff };
  return { ok: true, plan, terms: planTermsKey(plan) };
}
