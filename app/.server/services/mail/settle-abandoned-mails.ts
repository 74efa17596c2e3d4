import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { JOB_SCHEMA } from "../../db/queue/queues";

/**
 * A mail still `queued` or `sending` whose delivery job is no longer waiting or running (its last
 * attempt was cut short by a crash, or the job was removed) would wait for ever: it becomes
 * `failed`, so the operator sees it and can send it again. Mails younger than an hour are left
 * alone (their job may not be visible yet to this transaction's snapshot).
 */
export async function settleAbandonedMails({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  const before = new Date(now.getTime() - 60 * 60 * 1000);
  const result = (await db.execute(sql`
    update mail_outbox as m
       set status = 'failed', error = coalesce(m.error, 'delivery job ended without a result')
     where m.status in ('queued', 'sending')
       and m.created_at < ${before}
       and not exists (
         select 1 from ${sql.identifier(JOB_SCHEMA)}.job as j
          where j.name = 'mail.deliver'
            and j.data ->> 'mailId' = m.id
            and j.state in ('created', 'retry', 'active'))
    returning m.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
