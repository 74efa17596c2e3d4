import { and, desc, eq, inArray } from "drizzle-orm";
import type { InquiryKind } from "~/domain/admin";
import type { Db } from "../../db/client";
import { mailOutbox, operatorAuditLog } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { inquiryRows, inquiryTable, summarize } from "./inquiry-source";

/**
 * One inquiry with everything the operator needs to answer it: its fields, and its history from
 * the audit log (replies with the current state of their mail, status changes).
 */
export async function getInquiry({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { kind: InquiryKind; id: string };
}) {
  await assertOperator(db, actor);
  const table = inquiryTable(input.kind);
  const [row] = await db.select().from(table).where(eq(table.id, input.id)).limit(1);
  if (!row) return null;
  const history = await db
    .select({
      id: operatorAuditLog.id,
      action: operatorAuditLog.action,
      operator_email: operatorAuditLog.operator_email,
      details: operatorAuditLog.details,
      at: operatorAuditLog.at,
    })
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.target_type, input.kind), eq(operatorAuditLog.target_id, input.id)))
    .orderBy(desc(operatorAuditLog.at));
  const mailIds = history.map((h) => h.details.mail_id).filter((id): id is string => typeof id === "string");
  const mails = mailIds.length
    ? await db
        .select({ id: mailOutbox.id, status: mailOutbox.status, subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, mailIds))
    : [];
  const mailById = new Map(mails.map((m) => [m.id, m]));
  return {
    ...summarize(input.kind, row),
    rows: inquiryRows(input.kind, row),
    history: history.map((h) => ({
      ...h,
      mail: typeof h.details.mail_id === "string" ? (mailById.get(h.details.mail_id) ?? null) : null,
    })),
  };
}
