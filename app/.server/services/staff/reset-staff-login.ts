import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { temporaryPassword } from "~/domain/admin-stores";
import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import { hashPassword } from "../../auth/passwords";
import type { Db } from "../../db/client";
import { account, session } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { staffNoticeMail } from "../../integrations/mail/operator-notice-templates";
import { clearLoginLimits } from "../accounts/login-throttle";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange, storeNoticeLinks } from "../operators/record-operator-change";
import { changeStaffAsOperator } from "./operator-staff-write";

export type ResetStaffLoginResult =
  | { ok: true; loginId: string | null; password: string }
  | { ok: false; error: "not_found" | "deleted" | "no_login" };

/**
 * The operator resets a performer's login (ADR 0033), for a performer locked out whose store
 * cannot help (staff have no mailbox for a reset): a new temporary password, shown once to the
 * operator to pass on and never stored in clear nor written to any log; every session of hers
 * ended; her failed-login counters forgotten. The store's log and the audit log record that it
 * happened, and the store is mailed a notice without the password.
 */
export async function resetStaffLogin({
  db,
  env,
  mailer,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Pick<Env, "baseUrl">;
  mailer: Mailer;
  actor: SignedInOperator;
  input: { staffId: string };
  now?: Date;
}): Promise<ResetStaffLoginResult> {
  const password = temporaryPassword(randomInt);
  const hash = await hashPassword(password);
  return changeStaffAsOperator(db, actor, input.staffId, async (tx, staff, store) => {
    if (staff.status === "deleted") return { ok: false, error: "deleted" } as const;
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(account.userId, staff.uid), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0) return { ok: false, error: "no_login" } as const;
    await tx.delete(session).where(eq(session.userId, staff.uid));
    await clearLoginLimits(tx, staff.uid);
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "staffs",
        targetId: staff.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.staffPassword(staff.name),
      },
      // The password itself is in no record: only that it was reset.
      audit: {
        action: "staff.reset_login",
        targetType: "staff",
        targetId: staff.uid,
        details: { liver_id: store.uid, login_id: staff.login_id },
      },
      mail: {
        mailer,
        kind: "staff-password-reset",
        content: staffNoticeMail({
          kind: "password",
          storeName: store.store_name,
          staffName: staff.name,
          ...storeNoticeLinks(env, "/liver/mypage/staff"),
        }),
      },
    });
    return { ok: true, loginId: staff.login_id, password } as const;
  });
}
