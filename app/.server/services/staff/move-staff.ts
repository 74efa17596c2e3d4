import { and, asc, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, staffs } from "../../db/schema/index";
import { renumberStaff } from "../shared/renumber-staff";

export type MoveStaffResult = { ok: true; moved: boolean } | { ok: false; error: "forbidden" | "not_found" };

/**
 * Moves one of the store's staff one place up or down in `order` (the order of the public lists);
 * the store's staff are numbered 1…n afterwards. At the top (or bottom) nothing moves.
 */
export async function moveStaff({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { staffId: string; direction: "up" | "down" };
}): Promise<MoveStaffResult> {
  const refused = roleRefusal(actor, "staff.manage");
  if (refused) return { ok: false, error: refused };
  return db.transaction(async (tx) => {
    await tx.select({ uid: livers.uid }).from(livers).where(eq(livers.uid, actor.uid)).for("update");
    const ids = (
      await tx
        .select({ uid: staffs.uid })
        .from(staffs)
        .where(and(eq(staffs.liver_id, actor.uid), eq(staffs.status, "public")))
        .orderBy(asc(staffs.order), asc(staffs.created_at), asc(staffs.uid))
    ).map((row) => row.uid);
    const index = ids.indexOf(input.staffId);
    if (index < 0) return { ok: false, error: "not_found" } as const;
    const target = input.direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= ids.length) return { ok: true, moved: false } as const;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    await renumberStaff(tx, actor.uid, ids);
    return { ok: true, moved: true } as const;
  });
}
