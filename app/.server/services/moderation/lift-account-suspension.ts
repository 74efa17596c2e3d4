import { eq } from "drizzle-orm";
import { formatSuspensionEnd, isSuspensionActive } from "~/domain/account-suspensions";
import { holdsOn } from "../../auth/account-hold";
import type { Db } from "../../db/client";
import { accountSuspensions } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { accountSuspensionLiftedMail } from "../../integrations/mail/report-templates";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { loadReportAccounts } from "./report-accounts";

export type LiftAccountSuspensionResult =
  | { ok: true; stillHeld: boolean }
  | { ok: false; error: "not_found" | "not_active" };

/**
 * The operator lifts one block or suspension of an account (ADR 0039), with a reason: the row is
 * marked lifted (kept as history), the audit log records it, and the account's owner is mailed
 * (a staff member through her store), told when another block or suspension still holds her. A
 * row already lifted, or a suspension whose end has passed, is `not_active` (two operators, a
 * double post, a page left open): nothing is written twice.
 */
export async function liftAccountSuspension({
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
  input: { suspensionId: string; reason: string };
  now?: Date;
}): Promise<LiftAccountSuspensionResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [row] = await tx
      .select()
      .from(accountSuspensions)
      .where(eq(accountSuspensions.id, input.suspensionId))
      .for("update");
    if (!row) return { ok: false, error: "not_found" } as const;
    if (!isSuspensionActive(row, now)) return { ok: false, error: "not_active" } as const;
    await tx
      .update(accountSuspensions)
      .set({ lifted_at: now, lifted_by: actor.uid, lifted_by_email: actor.email, lift_reason: input.reason })
      .where(eq(accountSuspensions.id, row.id));
    const [still] = await holdsOn(tx, row.user_id, now);
    const owner = (await loadReportAccounts(tx, [row.user_id], now)).get(row.user_id);
    if (owner?.mailTo)
      await mailer.send(
        {
          kind: "account-suspension-lifted",
          to: owner.mailTo,
          ...accountSuspensionLiftedMail({
            greetingName: owner.greetingName,
            ...(owner.onBehalfOf !== undefined ? { onBehalfOf: owner.onBehalfOf } : {}),
            siteUrl: env.baseUrl,
            contactUrl: `${env.baseUrl}/contact`,
            reason: input.reason,
            stillHeld: still ? { endsAt: still.ends_at ? formatSuspensionEnd(still.ends_at) : null } : null,
          }),
          meta: { role: owner.type, uid: owner.id },
        },
        { tx },
      );
    await writeAudit(tx, actor, {
      action: `account.${row.kind === "block" ? "unblock" : "unsuspend"}`,
      targetType: "account",
      targetId: row.user_id,
      details: {
        suspension_id: row.id,
        reason: input.reason,
        ...(row.ends_at ? { ends_at: row.ends_at.toISOString() } : {}),
        ...(row.report_id ? { report_id: row.report_id, report_kind: row.report_kind } : {}),
        still_held: Boolean(still),
      },
    });
    return { ok: true, stillHeld: Boolean(still) } as const;
  });
}
