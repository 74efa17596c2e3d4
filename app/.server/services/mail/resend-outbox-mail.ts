import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema/index";
import { type Mailer, MailNotFoundError, type MailResult } from "../../integrations/mail/mailer";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";

export type ResendResult = { ok: true; mail: MailResult } | { ok: false; error: "not_found" };

/**
 * "Send again" of the outbox page: queues the mail again (`mailer.resend`) and records it in the
 * audit log, in one transaction.
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
  try {
    const mail = await db.transaction(async (tx) => {
      const mail = await mailer.resend(row.id, { tx });
      await writeAudit(tx, actor, {
        action: "mail.resend",
        targetType: "mail",
        targetId: row.id,
        details: { to: row.to, kind: row.kind, status_before: row.status, status_after: mail.status },
      });
      return mail;
    });
    return { ok: true, mail };
  } catch (error) {
    if (error instanceof MailNotFoundError) return { ok: false, error: "not_found" };
    throw error;
  }
}
