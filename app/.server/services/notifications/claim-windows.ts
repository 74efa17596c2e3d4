import { sql } from "drizzle-orm";
import {
  NOTIFICATION_WINDOW_MS,
  type NotificationKindName,
  type NotificationRecipientType,
} from "~/domain/notifications";
import { queryRows, type Tx } from "../../db/client";

/**
 * Decides, for new events of one kind, which recipients get a mail now (ADR 0025: at most one
 * per recipient and kind per hour). A recipient without a window, or whose window is over with
 * nothing waiting, gets the prompt mail and a new window of an hour — one upsert that answers
 * exactly those rows; everyone else's event waits for the summary (`pending` + 1), which the
 * flush job sends when the window ends. `on conflict do update` locks each existing row (even
 * when its condition fails), in key order, so two fan-outs reaching one recipient decide one
 * after the other.
 */
export async function claimWindows(
  tx: Tx,
  kind: NotificationKindName,
  type: NotificationRecipientType,
  ids: string[],
  now: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sorted = JSON.stringify([...ids].sort());
  const nextEnd = new Date(now.getTime() + NOTIFICATION_WINDOW_MS).toISOString();
  const prompt = await queryRows<{ id: string }>(
    tx,
    sql`insert into notification_windows as w (recipient_type, recipient_id, kind, window_end, pending)
        select ${type}, id, ${kind}, ${nextEnd}::timestamptz, 0
        from jsonb_array_elements_text(${sorted}::jsonb) with ordinality as x(id, n) order by n
        on conflict (recipient_type, recipient_id, kind) do update set window_end = excluded.window_end
          where w.window_end <= ${now.toISOString()}::timestamptz and w.pending = 0
        returning w.recipient_id as id`,
  );
  const chosen = new Set(prompt.map((row) => row.id));
  const waiting = ids.filter((id) => !chosen.has(id));
  if (waiting.length > 0)
    await tx.execute(sql`
      update notification_windows set pending = pending + 1
      where recipient_type = ${type} and kind = ${kind}
        and recipient_id in (select jsonb_array_elements_text(${JSON.stringify(waiting)}::jsonb))`);
  return chosen;
}
