import { sql } from "drizzle-orm";
import { FAN_COMMENTS_PER_DAY, FAN_MINUTES_PER_DAY } from "~/domain/fans";
import { type Db, queryRows } from "../../db/client";

/**
 * Fan points and live supporters recomputed from what earns them (ADR 0043): the gifts (their
 * coins, by Tokyo month), the listeners' live comments and the minutes watched (by Tokyo day, each
 * capped per day), compared with what `fan_points`, `fan_days` and `live_supporters` keep. Every
 * row is a difference; none means the kept figures are exact.
 */
export interface FanReconcileReport {
  fanPoints: {
    listener_id: string;
    broadcaster_id: string;
    month: string;
    kept: string;
    recomputed: string;
  }[];
  fanDays: { listener_id: string; broadcaster_id: string; day: string; kept: string; recomputed: string }[];
  supporters: { live_id: string; listener_id: string; kept: string; recomputed: string }[];
  /** What was compared. */
  counted: { fanPoints: number; supporters: number };
}

export async function reconcileFans({ db }: { db: Db }): Promise<FanReconcileReport> {
  const days = sql`
    select listener_id, broadcaster_id, day, sum(comments)::int as comments, sum(minutes)::int as minutes
      from (
        select c.listener_id, l.broadcaster_id, (c.created_at at time zone 'Asia/Tokyo')::date as day,
               count(*) as comments, 0 as minutes
          from live_comments c join lives l on l.live_id = c.live_id
         where c.listener_id is not null
         group by 1, 2, 3
        union all
        select listener_id, broadcaster_id, (minute at time zone 'Asia/Tokyo')::date, 0, count(*)
          from live_watch_minutes group by 1, 2, 3
      ) d
     group by 1, 2, 3`;
  const months = sql`
    select listener_id, broadcaster_id, month,
           sum(coins)::int as coins, sum(comments)::int as comments, sum(minutes)::int as minutes
      from (
        select listener_id, broadcaster_id, to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM') as month,
               coins, 0 as comments, 0 as minutes
          from gifts
        union all
        select listener_id, broadcaster_id, to_char(day, 'YYYY-MM'),
               0, least(comments, ${FAN_COMMENTS_PER_DAY}), least(minutes, ${FAN_MINUTES_PER_DAY})
          from (${days}) d
      ) e
     group by 1, 2, 3`;
  const text = (columns: string) => sql.raw(`concat_ws('/', ${columns})`);
  const [fanPoints, fanDays, supporters, [counted]] = await Promise.all([
    queryRows<FanReconcileReport["fanPoints"][number]>(
      db,
      sql`select coalesce(k.listener_id, r.listener_id) as listener_id,
                 coalesce(k.broadcaster_id, r.broadcaster_id) as broadcaster_id,
                 coalesce(k.month, r.month) as month,
                 ${text("k.coins, k.comments, k.minutes, k.points")} as kept,
                 ${text("r.coins, r.comments, r.minutes, r.coins + r.comments + r.minutes")} as recomputed
            from fan_points k
            full join (${months}) r
              on r.listener_id = k.listener_id and r.broadcaster_id = k.broadcaster_id and r.month = k.month
           where k.listener_id is null or r.listener_id is null
              or (k.coins, k.comments, k.minutes, k.points)
                 is distinct from (r.coins, r.comments, r.minutes, r.coins + r.comments + r.minutes)
           order by 1, 2, 3`,
    ),
    queryRows<FanReconcileReport["fanDays"][number]>(
      db,
      sql`select coalesce(k.listener_id, r.listener_id) as listener_id,
                 coalesce(k.broadcaster_id, r.broadcaster_id) as broadcaster_id,
                 to_char(coalesce(k.day, r.day), 'YYYY-MM-DD') as day,
                 ${text("k.comments, k.minutes")} as kept, ${text("r.comments, r.minutes")} as recomputed
            from fan_days k
            full join (${days}) r
              on r.listener_id = k.listener_id and r.broadcaster_id = k.broadcaster_id and r.day = k.day
           where k.listener_id is null or r.listener_id is null
              or (k.comments, k.minutes) is distinct from (r.comments, r.minutes)
           order by 1, 2, 3`,
    ),
    queryRows<FanReconcileReport["supporters"][number]>(
      db,
      sql`select coalesce(k.live_id, r.live_id) as live_id, coalesce(k.listener_id, r.listener_id) as listener_id,
                 ${text("k.coins, k.points, k.gifts")} as kept, ${text("r.coins, r.points, r.gifts")} as recomputed
            from live_supporters k
            full join (
              select live_id, listener_id, sum(coins)::int as coins, sum(points)::int as points, count(*)::int as gifts
                from gifts where live_id is not null and live_id in (select live_id from lives)
               group by 1, 2
            ) r on r.live_id = k.live_id and r.listener_id = k.listener_id
           where k.live_id is null or r.live_id is null
              or (k.coins, k.points, k.gifts) is distinct from (r.coins, r.points, r.gifts)
           order by 1, 2`,
    ),
    queryRows<{ fan_points: number | string; supporters: number | string }>(
      db,
      sql`select (select count(*) from fan_points) as fan_points, (select count(*) from live_supporters) as supporters`,
    ),
  ]);
  return {
    fanPoints,
    fanDays,
    supporters,
    counted: { fanPoints: Number(counted?.fan_points ?? 0), supporters: Number(counted?.supporters ?? 0) },
  };
}

export const fansReconcileIsClean = (report: FanReconcileReport) =>
  report.fanPoints.length === 0 && report.fanDays.length === 0 && report.supporters.length === 0;
