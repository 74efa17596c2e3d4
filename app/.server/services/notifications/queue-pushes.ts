import { sql } from "drizzle-orm";
import type { InAppKind } from "~/domain/in-app-notifications";
import { type Db, queryRows } from "../../db/client";
import { enqueueJobs } from "../../db/queue/enqueue";

/** Deliveries per `push.deliver` job: a job sends them side by side and retries only what failed. */
export const PUSH_DELIVERIES_PER_JOB = 50;

/** One recipient's line as her devices will show it. */
export interface PushLine {
  recipientId: string;
  title: string;
  body: string;
  url: string;
}

/**
 * The push channel of the fan-out (ADR 0045), in the chunk's transaction after its in-app rows: a
 * `push_deliveries` row for each device of each recipient who keeps push on for the kind, and the
 * `push.deliver` jobs that send them, so pushes exist exactly when the in-app lines commit. Once
 * per event and device (a chunk done again queues nothing twice). Returns the deliveries queued.
 */
export async function queuePushes(
  tx: Db,
  input: { eventId: string; kind: InAppKind; tag: string; lines: readonly PushLine[] },
): Promise<number> {
  if (input.lines.length === 0) return 0;
  const rows = JSON.stringify(
    input.lines.map((line) => ({ rid: line.recipientId, title: line.title, body: line.body, url: line.url })),
  );
  const queued = await queryRows<{ id: string }>(
    tx,
    sql`insert into push_deliveries (id, subscription_id, event_id, title, body, url, tag)
        select gen_random_uuid()::text, s.id, ${input.eventId}, w.title, w.body, w.url, ${input.tag}
        from jsonb_to_recordset(${rows}::jsonb) as w(rid text, title text, body text, url text)
        join push_subscriptions s on s.account_id = w.rid
        left join notification_preferences p on p.account_id = w.rid
        where coalesce((p.push ->> ${input.kind})::boolean, true)
        order by s.id
        on conflict (event_id, subscription_id) do nothing
        returning id`,
  );
  const jobs: { data: { deliveryIds: string[] } }[] = [];
  for (let i = 0; i < queued.length; i += PUSH_DELIVERIES_PER_JOB)
    jobs.push({ data: { deliveryIds: queued.slice(i, i + PUSH_DELIVERIES_PER_JOB).map((row) => row.id) } });
  await enqueueJobs(tx, "push.deliver", jobs);
  return queued.length;
}
