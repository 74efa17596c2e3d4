import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { clampPage, PAGE_SIZE_MAX, totalPages } from "~/domain/paging";
import type { Db } from "../../db/client";
import { MAIL_STATUSES, mailOutbox, type OutboxMail } from "../../db/schema/index";

export const ListOutboxSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
  /** Only mails in this state; all of them without it. */
  status: z.enum(MAIL_STATUSES).optional(),
});

/** One line of the development outbox: everything but the bodies. */
export type OutboxListItem = Pick<
  OutboxMail,
  "id" | "kind" | "to" | "subject" | "status" | "error" | "created_at" | "sent_at"
>;

export interface OutboxPage {
  items: OutboxListItem[];
  total: number;
  /** The page shown: the requested one, clamped to the last existing page. */
  page: number;
  pageSize: number;
}

/** The mail outbox, newest first (for /dev/mail and, filtered by status, the operator's /admin/mail). */
export async function listOutbox({
  db,
  input,
}: {
  db: Db;
  input: z.input<typeof ListOutboxSchema>;
}): Promise<OutboxPage> {
  const { page: requested, pageSize, status } = ListOutboxSchema.parse(input);
  const where = status ? eq(mailOutbox.status, status) : undefined;
  const [counted] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const total = Number(counted?.total ?? 0);
  const page = clampPage(requested, totalPages(total, pageSize));
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
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, pageSize };
}
