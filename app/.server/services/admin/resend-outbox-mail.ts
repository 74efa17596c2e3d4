import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { type Mailer, MailNotFoundError, type MailResult } from "../../integrations/mail/mailer";
import { assertOperator, type SignedInOperator } from "./operator-actor";
import { writeAudit } from "./write-audit";

export type ResendResult = { ok: true; mail: MailResult } | { ok: false; error: "not_found" };

/**
 * "Send again" of the outbox page: hands the mail back to the mail port (`mailer.resend`), then
 * records the attempt and its outcome in the audit log. The port updates the outbox row itself.
 */
export async function resendOutboxMail({
  db,
  mailer,
  actor,
  input,
}: {
  db: Db;
  mailer: Mailer;
  actor: SignedInOperator;
  input: { id: string };
}): Promise<ResendResult> {
  await assertOperator(db, actor);
  const [row] = await db
    .select({ id: mailOutbox.id, to: mailOutbox.to, kind: mailOutbox.kind, status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, input.id))
    .limit(1);
  if (!row) return { ok: false, error: "not_found" };
  let mail: MailResult;
  try {
    mail = await mailer.resend(row.id);
  } catch (error) {
    if (error instanceof MailNotFoundError) return { ok: false, error: "not_found" };
    throw error;
  }
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, {
      action: "mail.resend",
      targetType: "mail",
      targetId: row.id,
      details: { to: row.to, kind: row.kind, status_before: row.status, status_after: mail.status },
    });
  });
  return { ok: true, mail };
}
