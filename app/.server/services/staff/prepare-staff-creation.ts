import { and, asc, count, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, plans, staffs } from "../../db/schema/index";

export interface StaffCreation {
  limit_staff: number;
  staffCount: number;
  planName: string | null;
  /** The staff member whose profile is the template, when one was asked for and is the store's. */
  template: { uid: string; name: string } | null;
  /** The store's staff, to pick another template. */
  candidates: { uid: string; name: string }[];
}

/** What the staff creation page needs: room under the plan's limit and the template choices. */
export async function prepareStaffCreation({
  db,
  actor,
  templateId,
}: {
  db: Db;
  actor: Viewer;
  templateId?: string | null;
}): Promise<StaffCreation | null> {
  if (roleRefusal(actor, "staff.create")) return null;
  const [store] = await db
    .select({ limit_staff: livers.limit_staff, planName: plans.name })
    .from(livers)
    .leftJoin(plans, eq(plans.id, livers.plan_id))
    .where(eq(livers.uid, actor.uid));
  if (!store) return null;
  const own = and(eq(staffs.liver_id, actor.uid), eq(staffs.status, "public"));
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(staffs).where(own);
  const candidates = await db
    .select({ uid: staffs.uid, name: staffs.name })
    .from(staffs)
    .where(own)
    .orderBy(asc(staffs.order), asc(staffs.created_at));
  return {
    limit_staff: store.limit_staff,
    staffCount: n,
    planName: store.planName ?? null,
    template: templateId ? (candidates.find((c) => c.uid === templateId) ?? null) : null,
    candidates,
  };
}
