import { desc, eq } from "drizzle-orm";
import type { Viewer } from "~/.server/auth/viewer";
import { roleRefusal } from "~/domain/permissions";
import { invitationState } from "~/domain/staff-invitation";
import type { Db } from "../../db/client";
import { staffInvitations, staffs } from "../../db/schema";

export interface StaffInvitationSummary {
  id: string;
  note: string;
  created_at: Date;
  expires_at: Date;
  state: ReturnType<typeof invitationState>;
  /** The staff member who registered with it. */
  used_by_name: string | null;
}

/** The store's invitations, newest first (the links themselves cannot be shown again). */
export async function listStaffInvitations({
  db,
  actor,
  limit = 20,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  limit?: number;
  now?: Date;
}): Promise<StaffInvitationSummary[]> {
  if (roleRefusal(actor, "invitation.list")) return [];
  const rows = await db
    .select({
      id: staffInvitations.id,
      note: staffInvitations.note,
      created_at: staffInvitations.created_at,
      expires_at: staffInvitations.expires_at,
      used_at: staffInvitations.used_at,
      revoked_at: staffInvitations.revoked_at,
      used_by_name: staffs.name,
    })
    .from(staffInvitations)
    .leftJoin(staffs, eq(staffs.uid, staffInvitations.used_by))
    .where(eq(staffInvitations.liver_id, actor.uid))
    .orderBy(desc(staffInvitations.created_at))
    .limit(limit);
  return rows.map(({ used_at, revoked_at, ...row }) => ({
    ...row,
    used_by_name: row.used_by_name ?? null,
    state: invitationState({ expires_at: row.expires_at, used_at, revoked_at }, now),
  }));
}
