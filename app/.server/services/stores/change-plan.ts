import { and, count, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, plans, staffs } from "../../db/schema/index";

export type ChangePlanResult =
  | { ok: true; scheduled: boolean }
  | { ok: false; error: "forbidden" | "plan_unavailable" }
  | { ok: false; error: "too_small"; staffCount: number; limit: number };

/**
 * A store chooses its plan from next month (ADR 0037: `new_plan_id`); choosing the current plan
 * withdraws a pending change. A plan whose staff limit is below the store's current staff is
 * refused: the change would hide staff the store did not choose to hide. Billing comes later.
 */
export async function changePlan({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { new_plan_id: string };
}): Promise<ChangePlanResult> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ plan_id: livers.plan_id })
      .from(livers)
      .where(eq(livers.uid, actor.uid))
      .for("update");
    if (!store) return { ok: false, error: "forbidden" } as const;
    if (store.plan_id === input.new_plan_id) {
      await tx.update(livers).set({ new_plan_id: null }).where(eq(livers.uid, actor.uid));
      return { ok: true, scheduled: false } as const;
    }
    const [plan] = await tx
      .select({ id: plans.id, limit_staff: plans.limit_staff })
      .from(plans)
      .where(and(eq(plans.id, input.new_plan_id), eq(plans.is_active, true)));
    if (!plan) return { ok: false, error: "plan_unavailable" } as const;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(staffs)
      .where(and(eq(staffs.liver_id, actor.uid), eq(staffs.status, "public")));
    if (n > plan.limit_staff)
      return { ok: false, error: "too_small", staffCount: n, limit: plan.limit_staff } as const;
    await tx.update(livers).set({ new_plan_id: plan.id }).where(eq(livers.uid, actor.uid));
    return { ok: true, scheduled: true } as const;
  });
}
