import { eq } from "drizzle-orm";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { staffs } from "../../db/schema";
import { findManagedStaff } from "../staff/staff-access";
import { logStaffAction } from "./write-log";

export type SetStaffDisplayResult = { ok: true; changed: boolean } | { ok: false; error: "not_found" };

/**
 * A store shows or hides one of its staff in the public lists (spec §4): `is_displayed`, the time
 * in `updated_display_at`, and a log entry (action updated) stating the new value, together.
 * Setting the value it already has changes and logs nothing.
 */
export async function setStaffDisplay({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { staffId: string; displayed: boolean };
  now?: Date;
}): Promise<SetStaffDisplayResult> {
  if (actor.type !== "liver") return { ok: false, error: "not_found" };
  return db.transaction(async (tx) => {
    const staff = await findManagedStaff(tx, actor, input.staffId, { lock: true });
    if (!staff) return { ok: false, error: "not_found" } as const;
    if (staff.is_displayed === input.displayed) return { ok: true, changed: false } as const;
    await tx
      .update(staffs)
      .set({ is_displayed: input.displayed, updated_display_at: now })
      .where(eq(staffs.uid, staff.uid));
    await logStaffAction(tx, {
      storeId: actor.uid,
      staffId: staff.uid,
      action: "updated",
      description: LOG_DESCRIPTIONS.staffDisplay(staff.name, input.displayed),
      now,
    });
    return { ok: true, changed: true } as const;
  });
}
