import { eq } from "drizzle-orm";
import { type InvitationProblem, invitationState } from "~/domain/staff-invitation";
import type { Db } from "../../db/client";
import { livers, staffInvitations } from "../../db/schema";
import { hashInvitationToken, isInvitationTokenShape } from "./invitation-token";

export type FindStaffInvitationResult =
  | { ok: true; id: string; liverId: string; storeName: string }
  | { ok: false; error: InvitationProblem };

/** The invitation of a link's token, if it can still be used, with the inviting store's name. */
export async function findStaffInvitation({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<FindStaffInvitationResult> {
  if (!isInvitationTokenShape(token)) return { ok: false, error: "invalid" };
  const [row] = await db
    .select({
      id: staffInvitations.id,
      liver_id: staffInvitations.liver_id,
      expires_at: staffInvitations.expires_at,
      used_at: staffInvitations.used_at,
      revoked_at: staffInvitations.revoked_at,
      store_name: livers.store_name,
      store_status: livers.status,
    })
    .from(staffInvitations)
    .innerJoin(livers, eq(livers.uid, staffInvitations.liver_id))
    .where(eq(staffInvitations.token_hash, hashInvitationToken(token)))
    .limit(1);
  if (!row || row.store_status === "deleted" || row.store_status === "suspended")
    return { ok: false, error: "invalid" };
  const state = invitationState(row, now);
  if (state !== "valid") return { ok: false, error: state };
  return { ok: true, id: row.id, liverId: row.liver_id, storeName: row.store_name };
}
