import { eq } from "drizzle-orm";
import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import { livers, plans } from "../../db/schema/index";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange } from "../operators/record-operator-change";
import { changeStoreAsOperator } from "./operator-store-write";

export type ChangeStorePlanResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "not_found" | "plan_unavailable" | "deleted" };

/**
 * The operator puts a store on a plan now (a store's own change waits for next month, contract
 * ADR 0009): `plan_id` changes, a pending `new_plan_id` is dropped, and with `applyLimit` the store's
 * `limit_staff` becomes the plan's. Staff above a lower limit stay; new ones are refused.
 */
export async function changeStorePlan({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { liverId: string; planId: string; applyLimit: boolean };
  now?: Date;
}): Promise<ChangeStorePlanResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    if (store.status === "deleted") return { ok: false, error: "deleted" } as const;
    const [plan] = await tx
      .select({ id: plans.id, name: plans.name, limit_staff: plans.limit_staff })
      .from(plans)
      .where(eq(plans.id, input.planId))
      .limit(1);
    if (!plan) return { ok: false, error: "plan_unavailable" } as const;
    const limit = input.applyLimit ? plan.limit_staff : store.limit_staff;
    if (store.plan_id === plan.id && limit === store.limit_staff)
      return { ok: true, changed: false } as const;
    await tx
      .update(livers)
      .set({ plan_id: plan.id, new_plan_id: null, limit_staff: limit })
      .where(eq(livers.uid, store.uid));
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "livers",
        targetId: store.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.storePlan(plan.name),
      },
      audit: {
        action: "store.plan",
        targetType: "liver",
        targetId: store.uid,
        details: { from: store.plan_id, to: plan.id, limit_staff: { from: store.limit_staff, to: limit } },
      },
    });
    return { ok: true, changed: true } as const;
  });
}
