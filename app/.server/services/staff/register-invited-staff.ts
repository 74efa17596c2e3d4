import { and, eq, isNull } from "drizzle-orm";
import { type StaffAccountInput, StaffAccountSchema } from "~/domain/staff-account";
import type { InvitationProblem } from "~/domain/staff-invitation";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { staffInvitations } from "../../db/schema";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { insertStaffAccount } from "../shared/insert-staff-account";
import { findStaffInvitation } from "./find-staff-invitation";

export type RegisterInvitedStaffResult =
  | { ok: true; uid: string; loginId: string }
  | {
      ok: false;
      error:
        | InvitationProblem
        | "limit_reached"
        | "login_id_taken"
        | "store_unavailable"
        | "too_many_requests";
    };

class Abort extends Error {
  constructor(readonly reason: Exclude<RegisterInvitedStaffResult, { ok: true }>["error"]) {
    super(reason);
  }
}

/**
 * A performer registers with a store's invitation link (ADR 0021): the staff account is created
 * under the store's `limit_staff` and the invitation is spent in the same transaction, so a link
 * makes one account even when submitted twice at once.
 */
export async function registerInvitedStaff({
  db,
  clientIp,
  input,
  now = new Date(),
}: {
  db: Db;
  clientIp: string;
  input: StaffAccountInput & { invite: string };
  now?: Date;
}): Promise<RegisterInvitedStaffResult> {
  const data = StaffAccountSchema.parse(input);
  const limited = await hitRateLimits(db, [{ rule: RATE_LIMITS.registrationPerIp, subject: clientIp }]);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };

  const invitation = await findStaffInvitation({ db, token: input.invite, now });
  if (!invitation.ok) return invitation;

  try {
    const uid = await db.transaction(async (tx) => {
      const created = await insertStaffAccount(tx, { liverId: invitation.liverId, input: data });
      if (!created.ok) throw new Abort(created.error);
      const spent = await tx
        .update(staffInvitations)
        .set({ used_at: now, used_by: created.uid })
        .where(
          and(
            eq(staffInvitations.id, invitation.id),
            isNull(staffInvitations.used_at),
            isNull(staffInvitations.revoked_at),
          ),
        )
        .returning({ id: staffInvitations.id });
      // Spent or withdrawn between the check above and now: undo the account.
      if (spent.length === 0) throw new Abort("used");
      return created.uid;
    });
    return { ok: true, uid, loginId: data.login_id };
  } catch (error) {
    if (error instanceof Abort) return { ok: false, error: error.reason };
    if (isUniqueViolation(error)) return { ok: false, error: "login_id_taken" };
    throw error;
  }
}
