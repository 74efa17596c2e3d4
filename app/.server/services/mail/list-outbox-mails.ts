import { count } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import type { Db } from "../../db/client";
import { MAIL_STATUSES, type MailStatus, mailOutbox } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { listOutbox } from "./list-outbox";

/**
 * The mail outbox as the operator sees it (ADR 0033): failed mails first of all (the default
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
  const status = (MAIL_STATUSES as readonly string[]).includes(input.status)
    ? (input.status as MailStatus)
    : undefined;
  const page = await listOutbox({ db, input: { page: input.page, pageSize: ADMIN_PAGE_SIZE, status } });
  const counts = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return {
    ...page,
    counts: Object.fromEntries(counts.map((c) => [c.status as string, c.n])) as Record<string, number>,
  };
}
