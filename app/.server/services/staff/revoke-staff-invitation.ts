import { and, eq, isNull } from "drizzle-orm";
import type { Viewer } from "~/.server/auth/viewer";
import { roleRefusal } from "~/domain/permissions";
import type { Db } from "../../db/client";
import { staffInvitations } from "../../db/schema";

/** A store withdraws one of its unused invitations; another store's invitation is not found. */
export async function revokeStaffInvitation({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { id: string };
  now?: Date;
}): Promise<{ ok: true } | { ok: false; error: "forbidden" | "not_found" }> {
  const refused = roleRefusal(actor, "invitation.revoke");
  if (refused) return { ok: false, error: refused };
  // Another store's invitation matches no row below: not_found, as the policy answers for "other".
  const rows = await db
    .update(staffInvitations)
    .set({ revoked_at: now })
    .where(
      and(
        eq(staffInvitations.id, input.id),
        eq(staffInvitations.liver_id, actor.uid),
        isNull(staffInvitations.used_at),
        isNull(staffInvitations.revoked_at),
      ),
    )
    .returning({ id: staffInvitations.id });
  return rows.length > 0 ? { ok: true } : { ok: false, error: "not_found" };
}
