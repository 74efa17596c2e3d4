import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { staffs } from "../../db/schema";

/**
 * Numbers the store's public staff 1, 2, … in their current order, so `order` of a new staff
 * member (public staff + 1, docs/product.md) lands after everyone again.
 */
export async function renumberStaff(tx: Tx, liverId: string, ordered?: readonly string[]): Promise<void> {
  const ids =
    ordered ??
    (
      await tx
        .select({ uid: staffs.uid })
        .from(staffs)
        .where(and(eq(staffs.liver_id, liverId), eq(staffs.status, "public")))
        .orderBy(asc(staffs.order), asc(staffs.created_at), asc(staffs.uid))
    ).map((row) => row.uid);
  for (const [index, uid] of ids.entries()) {
    await tx
      .update(staffs)
      .set({ order: index + 1 })
      .where(and(eq(staffs.uid, uid), eq(staffs.liver_id, liverId)));
  }
}
