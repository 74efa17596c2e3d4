import { sql } from "drizzle-orm";
import { ANONYMOUS_LISTENER, fanLevel, pointsToNextLevel } from "~/domain/fans";
import { tokyoMonth } from "~/domain/money";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { listedStaff } from "../shared/staff-query";

/** One fan of a broadcaster in a month, as her mypage lists them (ADR 0043). */
export interface FanRow {
  /** 1 for the most points (the list's order). */
  rank: number;
  listener: { nickname: string; image_url: string | null };
  broadcaster: { type: "staff" | "liver"; id: string; name: string };
  points: number;
  level: number;
  coins: number;
  comments: number;
  minutes: number;
}

/** A month `YYYY-MM` as asked for, or this Tokyo month. */
const monthOf = (asked: string | null | undefined, now: Date) =>
  asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : tokyoMonth(now);

/**
 * `/staff/mypage/fans` and `/liver/mypage/fans` (`fans.read`): the month's fans with their levels,
 * most points first — a staff member's own, a store's own and its staff's. The performer sees her
 * own figures only; nothing here is public (ADR 0043). The list ranks listeners, so a
 * listener who hides her name from rankings is 「匿名のリスナー」 here too (her points still count).
 */
export async function listFans({
  db,
  actor,
  input,
  thresholds,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { month?: string | null; limit?: number };
  thresholds: readonly number[];
  now?: Date;
}): Promise<{ month: string; items: FanRow[] } | null> {
  if (roleRefusal(actor, "fans.read")) return null;
  const month = monthOf(input.month, now);
  const broadcasters =
    actor.type === "staff"
      ? sql`select s.uid as id, 'staff' as type, s.name from staffs s where s.uid = ${actor.uid}`
      : sql`select l.uid as id, 'liver' as type, l.store_name as name from livers l where l.uid = ${actor.uid}
            union all
            select s.uid, 'staff', s.name from staffs s where s.liver_id = ${actor.uid} and s.status <> 'deleted'`;
  const rows = await queryRows<{
    nickname: string;
    image_url: string;
    hide: boolean;
    broadcaster_id: string;
    broadcaster_type: "staff" | "liver";
    broadcaster_name: string;
    points: number | string;
    coins: number | string;
    comments: number | string;
    minutes: number | string;
  }>(
    db,
    sql`select l.nickname, l.image_url, l.hide_from_rankings as hide, b.id as broadcaster_id, b.type as broadcaster_type,
               b.name as broadcaster_name, f.points, f.coins, f.comments, f.minutes
          from (${broadcasters}) b
          join fan_points f on f.broadcaster_id = b.id and f.month = ${month}
          join listeners l on l.uid = f.listener_id
         where f.points > 0
         order by f.points desc, f.updated_at, l.uid
         limit ${Math.min(Math.max(input.limit ?? 200, 1), 500)}`,
  );
  return {
    month,
    items: rows.map((r, i) => ({
      rank: i + 1,
      listener: r.hide
        ? { nickname: ANONYMOUS_LISTENER, image_url: null }
        : { nickname: r.nickname.trim() || "ゲスト", image_url: r.image_url || null },
      broadcaster: { type: r.broadcaster_type, id: r.broadcaster_id, name: r.broadcaster_name },
      points: Number(r.points),
      level: fanLevel(Number(r.points), thresholds),
      coins: Number(r.coins),
      comments: Number(r.comments),
      minutes: Number(r.minutes),
    })),
  };
}

export type OwnFanLevelResult =
  | {
      ok: true;
      fan: {
        broadcaster: { type: "staff" | "liver"; id: string };
        month: string;
        level: number;
        points: number;
        /** Points still missing for the next level (null at level 10). */
        next_level_points: number | null;
        coins: number;
        comments: number;
        minutes: number;
      };
    }
  | { ok: false; error: "forbidden" | "unauthenticated" | "not_found" | "invalid"; message?: string };

/**
 * `GET /api/fans?staff_id=|liver_id=` (`fans.own.read`): the signed-in listener's level and
 * points for that broadcaster this Tokyo month (level 0 and 0 points before she earned any).
 */
export async function readOwnFanLevel({
  db,
  actor,
  input,
  thresholds,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { staffId?: string | null; liverId?: string | null };
  thresholds: readonly number[];
  now?: Date;
}): Promise<OwnFanLevelResult> {
  const refused = roleRefusal(actor, "fans.own.read");
  if (refused) return { ok: false, error: refused };
  const id = input.staffId || input.liverId;
  if (!id || (input.staffId && input.liverId))
    return { ok: false, error: "invalid", message: "staff_id か liver_id のどちらか1つを指定してください" };
  const type = input.staffId ? "staff" : "liver";
  const month = tokyoMonth(now);
  // A listed staff member or a public store (as every public page of them), and her points.
  const listed = input.staffId
    ? sql`select ${staffs.uid} as id from ${staffs} join ${livers} on ${livers.uid} = ${staffs.liver_id}
          where ${listedStaff} and ${staffs.uid} = ${id}`
    : sql`select ${livers.uid} as id from ${livers} where ${livers.status} = 'public' and ${livers.uid} = ${id}`;
  const [row] = await queryRows<{
    id: string;
    points: number | null;
    coins: number | null;
    comments: number | null;
    minutes: number | null;
  }>(
    db,
    sql`select b.id, f.points, f.coins, f.comments, f.minutes
          from (${listed}) b
          left join fan_points f on f.listener_id = ${actor.uid} and f.broadcaster_id = b.id and f.month = ${month}`,
  );
  if (!row) return { ok: false, error: "not_found" };
  const broadcaster = { id: row.id };
  const points = Number(row?.points ?? 0);
  return {
    ok: true,
    fan: {
      broadcaster: { type, id: broadcaster.id },
      month,
      level: fanLevel(points, thresholds),
      points,
      next_level_points: pointsToNextLevel(points, thresholds),
      coins: Number(row?.coins ?? 0),
      comments: Number(row?.comments ?? 0),
      minutes: Number(row?.minutes ?? 0),
    },
  };
}
