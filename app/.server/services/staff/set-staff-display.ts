import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { staffs } from "../../db/schema/index";
import { findManagedStaff } from "../shared/staff-access";
import { activeStaffHide } from "../shared/staff-hide";
import { logStaffAction } from "../shared/write-log";

export type SetStaffDisplayResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "forbidden" | "not_found" | "hidden_by_operator" };

/**
 * A store shows or hides one of its staff in the public lists (docs/product.md): `is_displayed`, the time
 * in `updated_display_at`, and a log entry (action updated) stating the new value, together.
 * Setting the value it already has changes and logs nothing. A performer the operator hid stays
 * hidden until the operator lifts it.
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
  const refused = roleRefusal(actor, "staff.manage");
  if (refused) return { ok: false, error: refused };
  return db.transaction(async (tx) => {
    const found = await findManagedStaff(tx, actor, "staff.manage", input.staffId, { lock: true });
    if (!found.ok) return found;
    const { staff } = found;
    if (staff.is_displayed === input.displayed) return { ok: true, changed: false } as const;
    // The operator hid her (ADR 0033): only the operator shows her again.
    if (input.displayed && (await activeStaffHide(tx, staff.uid)))
      return { ok: false, error: "hidden_by_operator" } as const;
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
