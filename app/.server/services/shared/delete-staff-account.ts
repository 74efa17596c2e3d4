import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { session, staffs } from "../../db/schema";
import { renumberStaff } from "./renumber-staff";

/**
 * What deleting a performer does, whoever deletes her (her store, or the operator): `status`
 * deleted, `delete_at` now, the pictures unlinked, her sessions ended (a deleted staff account
 * has no role any more, so it cannot sign in again), the store's remaining staff renumbered.
 * Returns the pictures to remove from storage once the transaction has committed. The caller
 * locks the store row first and writes the log.
 */
export async function deleteStaffAccount(
  tx: Tx,
  staff: { uid: string; liver_id: string; image_urls: string[] },
  now: Date,
): Promise<string[]> {
  await tx
    .update(staffs)
    .set({ status: "deleted", delete_at: now, image_urls: [] })
    .where(eq(staffs.uid, staff.uid));
  await tx.delete(session).where(eq(session.userId, staff.uid));
  await renumberStaff(tx, staff.liver_id);
  return staff.image_urls;
}
