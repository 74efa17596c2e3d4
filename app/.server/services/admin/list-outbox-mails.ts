import { count, desc, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { assertOperator, type SignedInOperator } from "./operator-actor";

/**
 * The mail outbox as the operator sees it (contract §15): failed mails first of all (the default
 * filter), any other status on request; counts per status for the filter tabs. Bodies stay out.
 */
export async function listOutboxMails({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { status: string; page: number };
}) {
  await assertOperator(db, actor);
  const where = input.status === "all" ? undefined : eq(sql`${mailOutbox.status}::text`, input.status);
  const [totalRow] = await db.select({ n: count() }).from(mailOutbox).where(where);
  const items = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      error: mailOutbox.error,
      created_at: mailOutbox.created_at,
      sent_at: mailOutbox.sent_at,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  const counts = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return {
    items,
    total: totalRow?.n ?? 0,
    page: input.page,
    pageSize: ADMIN_PAGE_SIZE,
    counts: Object.fromEntries(counts.map((c) => [c.status as string, c.n])) as Record<string, number>,
  };
}
