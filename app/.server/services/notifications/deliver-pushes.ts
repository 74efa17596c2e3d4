import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import type { PushOutcome, PushPort } from "../../integrations/push/push-port";

/** Pushes of one job in flight at once (each is one HTTPS request to a push service). */
const PUSHES_IN_FLIGHT = 16;

export interface DeliverPushesResult {
  sent: number;
  /** Subscriptions the push service no longer knows (404/410): removed with their deliveries. */
  gone: number;
  failed: number;
  /** Still pending: the job throws so that pg-boss retries it (only these are sent again). */
  pending: number;
}

export class PushRetryError extends Error {}

/**
 * The `push.deliver` job (ADR 0045): sends the still-pending deliveries of its batch, side by side.
 * A 2xx marks a delivery sent; 404 or 410 removes the subscription (the device unsubscribed or the
 * browser was reset); 429, 5xx or no answer leaves it pending and the job fails so pg-boss tries
 * again later — on its last attempt, or for any other answer, the delivery is marked failed.
 */
export async function deliverPushes({
  db,
  push,
  deliveryIds,
  final,
}: {
  db: Db;
  push: PushPort;
  deliveryIds: readonly string[];
  final: boolean;
}): Promise<DeliverPushesResult> {
  if (deliveryIds.length === 0) return { sent: 0, gone: 0, failed: 0, pending: 0 };
  const due = await queryRows<{
    id: string;
    subscription_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    title: string;
    body: string;
    url: string;
    tag: string;
  }>(
    db,
    sql`select d.id, d.subscription_id, s.endpoint, s.p256dh, s.auth, d.title, d.body, d.url, d.tag
        from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
        where d.state = 'pending'
          and d.id in (select jsonb_array_elements_text(${JSON.stringify(deliveryIds)}::jsonb))`,
  );
  const outcomes = new Map<string, PushOutcome>();
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const row = due[next++];
      if (!row) break;
      outcomes.set(
        row.id,
        await push.send(row, { title: row.title, body: row.body, url: row.url, tag: row.tag }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSHES_IN_FLIGHT, due.length) }, worker));

  const sent: string[] = [];
  const gone: string[] = [];
  const failed: { id: string; error: string }[] = [];
  const retry: { id: string; error: string }[] = [];
  for (const row of due) {
    const outcome = outcomes.get(row.id);
    if (!outcome) continue;
    if (outcome.ok) sent.push(row.id);
    else if (outcome.gone) gone.push(row.subscription_id);
    else if (outcome.retry && !final) retry.push({ id: row.id, error: outcome.message });
    else failed.push({ id: row.id, error: outcome.message });
  }
  const ids = (list: readonly string[]) =>
    sql`(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;
  await db.transaction(async (tx) => {
    if (sent.length > 0)
      await tx.execute(sql`update push_deliveries set state = 'sent', sent_at = now(), attempts = attempts + 1
                           where id in ${ids(sent)}`);
    if (gone.length > 0) await tx.execute(sql`delete from push_subscriptions where id in ${ids(gone)}`);
    for (const [state, list] of [
      ["failed", failed],
      ["pending", retry],
    ] as const)
      if (list.length > 0)
        await tx.execute(sql`
          update push_deliveries d set state = ${state}, attempts = d.attempts + 1, last_error = v.error
          from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(id text, error text)
          where d.id = v.id`);
  });
  const result = { sent: sent.length, gone: gone.length, failed: failed.length, pending: retry.length };
  if (retry.length > 0)
    throw new PushRetryError(
      `${retry.length} of ${due.length} pushes not delivered yet (${retry[0]?.error}); retried later`,
    );
  return result;
}
