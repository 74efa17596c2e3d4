import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { Staff } from "../../db/schema";
import { findManagedStaff } from "../shared/staff-access";

export type StaffProfileView = Omit<Staff, "login_email" | "search_text" | "matching_mask" | "sort_new_at">;

/** A staff profile for its editor: the staff member themself or their store; null otherwise. */
export async function getStaffProfile({
  db,
  actor,
  staffId,
}: {
  db: Db;
  actor: Viewer;
  staffId: string;
}): Promise<StaffProfileView | null> {
  const found = await findManagedStaff(db, actor, "staff.profile.read", staffId);
  if (!found.ok) return null;
  const { login_email: _e, search_text: _s, matching_mask: _m, sort_new_at: _n, ...staff } = found.staff;
  return staff;
}
