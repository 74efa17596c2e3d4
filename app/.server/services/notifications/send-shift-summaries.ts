import { sql } from "drizzle-orm";
import { inAppLine, shiftSummaryText } from "~/domain/in-app-notifications";
import { businessDate, tokyoHour } from "~/domain/shift-status";
import { SHIFT_SUMMARY_DEFAULT_HOUR, SHIFT_SUMMARY_HOURS } from "~/domain/web-push";
import { type Db, queryRows } from "../../db/client";
import { writeInAppChunk } from "./in-app-fan-out";

/** Listeners per chunk transaction. */
const SHIFT_CHUNK = 1_000;

/** The event of one business day's summaries: its id makes each listener's line once per day. */
export const shiftSummaryEventId = (date: string) => `shift:${date}`;

/**
 * The `notification.shift` job (ADR 0045), every 10 minutes: each listener whose chosen hour
 * (Tokyo, default 17:00) has come today and who follows performers on shift on today's business
 * day gets one line 「本日出勤：…」 in-app and by push — once per day: the day's event is recorded
 * once (its id is the date) and a line is unique per event and listener, so a re-run, a second
 * process or a later hour sends nothing twice; a run missed at 17:00 catches up at the next one.
 */
export async function sendShiftSummaries({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<{ date: string; listeners: number }> {
  const date = businessDate(now);
  const hour = tokyoHour(now);
  const eventId = shiftSummaryEventId(date);
  const line = inAppLine({ kind: "shift_summary" }, "listener");
  if (!line) throw new Error("the shift summary has no listener line");
  // Before the earliest hour one can choose the business day is still yesterday's (done).
  if (hour < (SHIFT_SUMMARY_HOURS[0] ?? SHIFT_SUMMARY_DEFAULT_HOUR)) return { date, listeners: 0 };
  await db.execute(
    sql`insert into notification_events (id, kind, payload, occurred_at, fanned_out_at)
        values (${eventId}, 'shift_summary', ${JSON.stringify({ date })}::jsonb, ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)
        on conflict (id) do nothing`,
  );
  let after = "";
  let told = 0;
  for (;;) {
    const due = await queryRows<{ uid: string; names: string[] }>(
      db,
      sql`select f.uid, array_agg(st.name order by
                   -- In the order they start (ADR 0059): OPEN (no instant) first, the small hours last.
                   sc.starts_at nulls first, st.name) as names
          from favorites f
          join listeners l on l.uid = f.uid
          join staffs st on st.uid = f.staff_id and st.status = 'public' and st.is_displayed
          join livers lv on lv.uid = st.liver_id and lv.status = 'public'
          join schedules sc on sc.staff_id = f.staff_id and sc.date = ${date}
          left join notification_preferences p on p.account_id = f.uid
          where f.uid > ${after}
            and coalesce(p.shift_hour, ${SHIFT_SUMMARY_DEFAULT_HOUR}) <= ${hour}
            and not exists (select 1 from notifications n
                            where n.event_id = ${eventId} and n.recipient_id = f.uid)
          group by f.uid order by f.uid limit ${SHIFT_CHUNK}`,
    );
    if (due.length === 0) break;
    const texts = new Map(due.map((row) => [row.uid, shiftSummaryText(row.names)]));
    told += await db.transaction((tx) =>
      writeInAppChunk(tx, {
        eventId,
        type: "listener",
        line,
        recipientIds: due.map((row) => row.uid),
        at: now,
        texts,
      }),
    );
    if (due.length < SHIFT_CHUNK) break;
    after = due[due.length - 1]?.uid ?? after;
  }
  return { date, listeners: told };
}
