import { type SQL, sql } from "drizzle-orm";
import { FAN_COMMENTS_PER_DAY, FAN_MINUTES_PER_DAY } from "~/domain/fans";
import { type Db, queryRows, queryRowsPrepared } from "../../db/client";

/**
 * The only writer of fan points (ADR 0043). Points are kept per listener × broadcaster × Tokyo
 * month in `fan_points` and moved in the transaction of what earns them — a gift (in its booking
 * statement), a comment, a minute watched — with the day's comments and minutes counted in
 * `fan_days` so the daily caps hold. Months and days are taken in SQL from the same instant as the
 * row that earns them, so `fans:reconcile` (reconcile-fans.ts) recomputes exactly the same sums.
 */

const month = (at: SQL) => sql`to_char(${at} at time zone 'Asia/Tokyo', 'YYYY-MM')`;
const day = (at: SQL) => sql`(${at} at time zone 'Asia/Tokyo')::date`;

/**
 * A CTE for the gift's booking statement (ledger/book-gift.ts): the gift's coins added to the
 * giver's points for the receiver, written only when the booking's header `t` was.
 */
export function fanGiftCte(input: {
  listenerId: string;
  broadcasterId: string;
  coins: number;
  at: string;
}): SQL {
  const at = sql`${input.at}::timestamptz`;
  return sql`fan as (
    insert into fan_points (listener_id, broadcaster_id, month, coins, points, updated_at)
    select ${input.listenerId}, ${input.broadcasterId}, ${month(at)}, ${input.coins}, ${input.coins}, ${at} from t
    on conflict (listener_id, broadcaster_id, month) do update
      set coins = fan_points.coins + excluded.coins, points = fan_points.points + excluded.points,
          updated_at = excluded.updated_at
    returning points
  )`;
}

export interface FanPointsMove {
  /** The month's points before and after (equal when the day's cap was reached). */
  before: number;
  after: number;
}

/**
 * A listener's comment in a live of `broadcasterId`, written at `at` (the comment's own time), in
 * the comment's transaction: the day's count goes up, and while it is within 50 the month's points
 * too. One statement.
 */
export async function recordFanComment(
  tx: Db,
  input: { listenerId: string; broadcasterId: string; at: Date },
): Promise<FanPointsMove> {
  const at = sql`${input.at.toISOString()}::timestamptz`;
  const [row] = await queryRowsPrepared<{ before: number | string | null; after: number | string | null }>(
    tx,
    "fan_comment",
    sql`with d as (
          insert into fan_days (listener_id, broadcaster_id, day, comments)
          values (${input.listenerId}, ${input.broadcasterId}, ${day(at)}, 1)
          on conflict (listener_id, broadcaster_id, day) do update set comments = fan_days.comments + 1
          returning comments
        ), p as (
          insert into fan_points (listener_id, broadcaster_id, month, comments, points, updated_at)
          select ${input.listenerId}, ${input.broadcasterId}, ${month(at)}, 1, 1, ${at}
          from d where d.comments <= ${FAN_COMMENTS_PER_DAY}
          on conflict (listener_id, broadcaster_id, month) do update
            set comments = fan_points.comments + 1, points = fan_points.points + 1, updated_at = excluded.updated_at
          returning points
        )
        select (select points from fan_points
                 where listener_id = ${input.listenerId} and broadcaster_id = ${input.broadcasterId}
                   and month = ${month(at)}) as before,
               (select points from p) as after`,
  );
  const before = Number(row?.before ?? 0);
  return { before, after: row?.after === null || row?.after === undefined ? before : Number(row.after) };
}

/**
 * A minute a signed-in listener watched a live of `broadcasterId` with the page visible: the
 * minute once (several tabs or beats in one minute count once), the day's minutes, and while they
 * are within 120 the month's points. One statement; the minute is the database's.
 */
export async function recordWatchMinute(
  db: Db,
  input: { listenerId: string; broadcasterId: string; liveId: string },
): Promise<FanPointsMove | null> {
  const minute = sql`date_trunc('minute', clock_timestamp())`;
  const [row] = await queryRows<{
    counted: boolean;
    before: number | string | null;
    after: number | string | null;
  }>(
    db,
    sql`with m as (
          insert into live_watch_minutes (listener_id, broadcaster_id, minute, live_id)
          values (${input.listenerId}, ${input.broadcasterId}, ${minute}, ${input.liveId})
          on conflict do nothing
          returning minute
        ), d as (
          insert into fan_days (listener_id, broadcaster_id, day, minutes)
          select ${input.listenerId}, ${input.broadcasterId}, ${day(sql`m.minute`)}, 1 from m
          on conflict (listener_id, broadcaster_id, day) do update set minutes = fan_days.minutes + 1
          returning minutes
        ), p as (
          insert into fan_points (listener_id, broadcaster_id, month, minutes, points, updated_at)
          select ${input.listenerId}, ${input.broadcasterId}, ${month(sql`m.minute`)}, 1, 1, m.minute
          from m, d where d.minutes <= ${FAN_MINUTES_PER_DAY}
          on conflict (listener_id, broadcaster_id, month) do update
            set minutes = fan_points.minutes + 1, points = fan_points.points + 1, updated_at = excluded.updated_at
          returning points
        )
        select exists (select 1 from m) as counted,
               (select points from fan_points
                 where listener_id = ${input.listenerId} and broadcaster_id = ${input.broadcasterId}
                   and month = ${month(minute)}) as before,
               (select points from p) as after`,
  );
  if (!row?.counted) return null;
  const before = Number(row.before ?? 0);
  return { before, after: row.after === null ? before : Number(row.after) };
}

/** The month's points of a listener for each of `broadcasterIds` (0 when none). */
export async function fanPointsOf(
  db: Db,
  input: { listenerIds: readonly string[]; broadcasterId: string; month: string },
): Promise<Map<string, number>> {
  if (input.listenerIds.length === 0) return new Map();
  const rows = await queryRows<{ listener_id: string; points: number | string }>(
    db,
    sql`select listener_id, points from fan_points
        where broadcaster_id = ${input.broadcasterId} and month = ${input.month}
          and listener_id in (${sql.join(
            input.listenerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((r) => [r.listener_id, Number(r.points)]));
}
