import { and, eq } from "drizzle-orm";
import { INQUIRY_LABELS, type InquiryKind } from "~/domain/admin";
import { type ReplyInput, ReplySchema } from "~/domain/admin-reply";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { formatReceivedAt, operatorReplyMail } from "../../integrations/mail/inquiry-templates";
import type { Mailer, MailResult, OutgoingMail } from "../../integrations/mail/mailer";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { inquiryRows, inquiryTable, summarize } from "./inquiry-source";

export type ReplyResult = { ok: true; mail: MailResult } | { ok: false; error: "not_found" };

/**
 * Answers an inquiry by mail and records the reply (with the outbox id of the mail, so its
 * delivery can be followed and sent again) and, when asked, the new → handled change: the queued
 * mail, the status and the audit rows in one transaction (ADR 0015, 0019).
 */
export async function replyToInquiry({
  db,
  env,
  mailer,
  actor,
  input,
}: {
  db: Db;
  env: Pick<Env, "baseUrl">;
  mailer: Mailer;
  actor: SignedInOperator;
  input: { kind: InquiryKind; id: string; reply: ReplyInput };
}): Promise<ReplyResult> {
  await assertOperator(db, actor);
  const reply = ReplySchema.parse(input.reply);
  const table = inquiryTable(input.kind);
  const [row] = await db.select().from(table).where(eq(table.id, input.id)).limit(1);
  if (!row) return { ok: false, error: "not_found" };
  const inquiry = summarize(input.kind, row);

  const outgoing: OutgoingMail = {
    kind: "operator-reply",
    to: inquiry.email,
    ...operatorReplyMail({
      name: inquiry.name,
      subject: reply.subject,
      body: reply.body,
      quoted: {
        title: `${INQUIRY_LABELS[input.kind].title}の内容（${formatReceivedAt(inquiry.created_at)} 受付）`,
        rows: inquiryRows(input.kind, row),
      },
      contactUrl: `${env.baseUrl}/contact`,
    }),
    meta: { inquiryKind: input.kind, inquiryId: input.id, operatorUid: actor.uid },
  };

  const mail = await db.transaction(async (tx) => {
    const mail = await mailer.send(outgoing, { tx });
    let handled = false;
    if (reply.mark_handled) {
      const changed = await tx
        .update(table)
        .set({ status: "handled" })
        .where(and(eq(table.id, input.id), eq(table.status, "new")))
        .returning({ id: table.id });
      handled = changed.length > 0;
    }
    await writeAudit(tx, actor, {
      action: `${input.kind}.reply`,
      targetType: input.kind,
      targetId: input.id,
      details: { mail_id: mail.id, mail_status: mail.status, to: inquiry.email, subject: reply.subject },
    });
    if (handled)
      await writeAudit(tx, actor, {
        action: `${input.kind}.handled`,
        targetType: input.kind,
        targetId: input.id,
        details: { from: "new", to: "handled", with: "reply" },
      });
    return mail;
  });
  return { ok: true, mail };
}
