import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { livers, staffs } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface LockedStaff {
  uid: string;
  liver_id: string;
  name: string;
  login_id: string | null;
  status: "public" | "deleted";
  is_displayed: boolean;
  image_urls: string[];
}

/**
 * The frame of every operator change to one performer (ADR 0033): one transaction that checks
 * the operator again and locks her store's row, then hers — the order the store's own staff
 * changes take, so the two never wait for each other in a cycle. `not_found` when there is no
 * such performer.
 */
export async function changeStaffAsOperator<R extends { ok: boolean }>(
  db: Db,
  actor: SignedInOperator,
  staffId: string,
  change: (
    tx: Tx,
    staff: LockedStaff,
    store: { uid: string; store_name: string; email: string },
  ) => Promise<R>,
): Promise<R | { ok: false; error: "not_found" }> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [owner] = await tx
      .select({ liver_id: staffs.liver_id })
      .from(staffs)
      .where(eq(staffs.uid, staffId))
      .limit(1);
    if (!owner) return { ok: false, error: "not_found" } as const;
    const [store] = await tx
      .select({ uid: livers.uid, store_name: livers.store_name, email: livers.email })
      .from(livers)
      .where(eq(livers.uid, owner.liver_id))
      .for("update");
    const [staff] = await tx
      .select({
        uid: staffs.uid,
        liver_id: staffs.liver_id,
        name: staffs.name,
        login_id: staffs.login_id,
        status: staffs.status,
        is_displayed: staffs.is_displayed,
        image_urls: staffs.image_urls,
      })
      .from(staffs)
      .where(eq(staffs.uid, staffId))
      .for("update");
    if (!store || !staff || staff.liver_id !== store.uid) return { ok: false, error: "not_found" } as const;
    return change(tx, staff, store);
  });
}
