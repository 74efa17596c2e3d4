import { randomUUID } from "node:crypto";
import type { Viewer } from "~/.server/auth/viewer";
import { roleRefusal } from "~/domain/permissions";
import { INVITATION_VALID_DAYS } from "~/domain/staff-invitation";
import type { Db } from "../../db/client";
import { staffInvitations } from "../../db/schema";
import type { Env } from "../../env";
import { newInvitationToken } from "./invitation-token";

export type IssueStaffInvitationResult =
  | { ok: true; id: string; url: string; expiresAt: Date }
  | { ok: false; error: "forbidden" };

/**
 * A store issues an invitation link for a performer to register herself (ADR 0021). The link
 * is shown once to the store (only its hash is kept); whether the store still has room under
 * `limit_staff` is decided when the performer registers.
 */
export async function issueStaffInvitation({
  db,
  env,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Env;
  actor: Viewer;
  input: { note: string };
  now?: Date;
}): Promise<IssueStaffInvitationResult> {
  const refused = roleRefusal(actor, "invitation.issue");
  if (refused) return { ok: false, error: refused };
  const { token, hash } = newInvitationToken();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(staffInvitations).values({
    id,
    liver_id: actor.uid,
    token_hash: hash,
    note: input.note,
    created_by: actor.uid,
    created_at: now,
    expires_at: expiresAt,
  });
  return { ok: true, id, url: `${env.baseUrl}/staff/registration?invite=${token}`, expiresAt };
}
