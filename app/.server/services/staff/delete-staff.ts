import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { deleteStaffAccount } from "../shared/delete-staff-account";
import { findManagedStaff } from "../shared/staff-access";
import { logStaffAction } from "../shared/write-log";

export type DeleteStaffResult = { ok: true } | { ok: false; error: "forbidden" | "not_found" };

/**
 * A store deletes one of its staff (docs/product.md): `status` deleted, `delete_at` now, a log entry
 * (action deleted, target staffs), the remaining staff renumbered, and the staff member's sessions
 * ended (a deleted staff account has no role any more, so it cannot sign in again). The pictures
 * go too: a performer who left should not stay reachable at her old picture URLs.
 */
export async function deleteStaff({
  db,
  images,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  images: ImageStorage;
  actor: Viewer;
  input: { staffId: string };
  now?: Date;
}): Promise<DeleteStaffResult> {
  const refused = roleRefusal(actor, "staff.manage");
  if (refused) return { ok: false, error: refused };
  let pictures: string[] = [];
  const result = await db.transaction(async (tx) => {
    // The store row first, as staff creation does: one order of locks, no deadlock.
    await tx.select({ uid: livers.uid }).from(livers).where(eq(livers.uid, actor.uid)).for("update");
    const found = await findManagedStaff(tx, actor, "staff.manage", input.staffId, { lock: true });
    if (!found.ok) return found;
    const { staff } = found;
    pictures = await deleteStaffAccount(tx, staff, now);
    await logStaffAction(tx, {
      storeId: actor.uid,
      staffId: staff.uid,
      action: "deleted",
      description: LOG_DESCRIPTIONS.staffDeleted(staff.name),
      now,
    });
    return { ok: true } as const;
  });
  // After the commit: the row no longer points at them.
  if (result.ok) for (const url of pictures) await images.remove(url);
  return result;
}
