import { type SQL, sql } from "drizzle-orm";
import type { BroadcasterType, LiveListQuery, LiveStatus } from "~/domain/live";
import { type Db, queryRows } from "../../db/client";
import { topicHead } from "../../realtime/publish";
import { findBroadcaster, loadLive } from "./live-access";
import type { LiveSettings } from "./live-settings";
import { type LiveRoomState, readLiveRoom } from "./read-live-room";

/** A live as the public API and pages show it (ADR 0031 fields + who broadcasts + viewers now). */
export interface PublicLive {
  live_id: string;
  broadcaster_type: BroadcasterType;
  broadcaster_id: string;
  liver_id: string;
  title: string;
  status: LiveStatus;
  started_at: string;
  ended_at: string | null;
  viewer_peak: number;
  comment_count: number;
  viewer_count: number;
  broadcaster: {
    type: BroadcasterType;
    id: string;
    name: string;
    image_url: string | null;
    liver_name: string;
  };
}

interface LiveRow {
  live_id: string;
  broadcaster_type: BroadcasterType;
  broadcaster_id: string;
  liver_id: string;
  title: string;
  status: LiveStatus;
  started_at: Date | string;
  ended_at: Date | string | null;
  viewer_peak: number;
  comment_count: number;
  viewer_count: number;
  name: string;
  image_url: string | null;
  liver_name: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toPublic(row: LiveRow): PublicLive {
  return {
    live_id: row.live_id,
    broadcaster_type: row.broadcaster_type,
    broadcaster_id: row.broadcaster_id,
    liver_id: row.liver_id,
    title: row.title,
    status: row.status,
    started_at: iso(row.started_at),
    ended_at: row.ended_at ? iso(row.ended_at) : null,
    viewer_peak: Number(row.viewer_peak),
    comment_count: Number(row.comment_count),
    viewer_count: row.status === "live" ? Number(row.viewer_count) : 0,
    broadcaster: {
      type: row.broadcaster_type,
      id: row.broadcaster_id,
      name: row.name,
      image_url: row.image_url,
      liver_name: row.liver_name,
    },
  };
}

/**
 * Lives with their broadcaster, only of publicly listed broadcasters (a hidden staff member's or a
 * suspended store's lives are nobody's business), newest first.
 */
async function selectLives(db: Db, where: SQL, limit: number, offset = 0): Promise<LiveRow[]> {
  return queryRows<LiveRow>(
    db,
    sql`select v.*, case when v.broadcaster_type = 'staff' then s.name else l.store_name end as name,
               case when v.broadcaster_type = 'staff' then s.image_urls[1] else l.image_urls[1] end as image_url,
               l.store_name as liver_name
          from lives v
          join livers l on l.uid = v.liver_id and l.status = 'public'
          left join staffs s on v.broadcaster_type = 'staff' and s.uid = v.broadcaster_id
         where ${where}
           and (v.broadcaster_type = 'liver' or (s.status = 'public' and s.is_displayed))
         order by v.started_at desc, v.live_id
         limit ${limit} offset ${offset}`,
  );
}

/** `GET /api/lives?status=live|ended` (public), paged as every list of ADR 0020. */
export async function listLives({
  db,
  input,
}: {
  db: Db;
  input: LiveListQuery;
}): Promise<{ items: PublicLive[]; total: number; page: number; pageSize: number }> {
  const where = sql`v.status = ${input.status}`;
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from lives v
          join livers l on l.uid = v.liver_id and l.status = 'public'
          left join staffs s on v.broadcaster_type = 'staff' and s.uid = v.broadcaster_id
         where ${where} and (v.broadcaster_type = 'liver' or (s.status = 'public' and s.is_displayed))`,
  );
  const rows = await selectLives(db, where, input.pageSize, (input.page - 1) * input.pageSize);
  return {
    items: rows.map(toPublic),
    total: Number(count?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** `GET /api/lives/{id}` (public): one live of a listed broadcaster, or null. */
export async function getLive({
  db,
  input,
}: {
  db: Db;
  input: { liveId: string };
}): Promise<PublicLive | null> {
  const live = await loadLive(db, input.liveId);
  if (!live) return null;
  const [row] = await selectLives(db, sql`v.live_id = ${live.live_id}`, 1);
  return row ? toPublic(row) : null;
}

/** Who is live now among some broadcasters (store page: the store and its staff), newest first. */
export async function liveNowOf({ db, liverId }: { db: Db; liverId?: string }): Promise<PublicLive[]> {
  const where = liverId ? sql`v.status = 'live' and v.liver_id = ${liverId}` : sql`v.status = 'live'`;
  return (await selectLives(db, where, 20)).map(toPublic);
}

export interface LivePage {
  broadcaster: {
    type: BroadcasterType;
    id: string;
    name: string;
    image_url: string | null;
    liver_id: string;
    liver_name: string;
  };
  /** The live on now, with its room so far (read-live-room.ts) and the stream position it was read at. */
  current: ({ live: PublicLive; lastEventId: number } & LiveRoomState) | null;
  /** Past lives with their figures, newest first (at most 10). */
  past: PublicLive[];
  /** A staff member's next shift from today (Tokyo), if any: `{date, start_time, end_time}`. */
  nextShift: { date: string; start_time: string; end_time: string } | null;
}

/**
 * `/listener/live/{id}` (public, `{id}` the staff member's or the store's id): the live on now with
 * its room (comments, gifts, pin, points, ranking) — read after the stream's head, so the page
 * subscribes from there and misses nothing — or, when none, the next shift and the past lives.
 * Null for an unknown or unlisted id.
 */
export async function getLivePage({
  db,
  input,
  settings,
}: {
  db: Db;
  input: { broadcasterId: string };
  settings: Pick<LiveSettings, "tierThresholds" | "fanThresholds">;
}): Promise<LivePage | null> {
  const broadcaster = await findBroadcaster(db, input.broadcasterId);
  if (!broadcaster?.listed) return null;
  const lives = await selectLives(db, sql`v.broadcaster_id = ${broadcaster.id}`, 11);
  const onNow = lives.find((row) => row.status === "live");
  let current: LivePage["current"] = null;
  if (onNow) {
    const lastEventId = await topicHead(db, `live:${onNow.live_id}`);
    const room = await readLiveRoom(db, {
      live: { ...onNow, name: broadcaster.name },
      settings,
    });
    current = { live: toPublic(onNow), lastEventId, ...room };
  }
  const past = lives
    .filter((row) => row.status === "ended")
    .slice(0, 10)
    .map(toPublic);
  let nextShift: LivePage["nextShift"] = null;
  if (broadcaster.type === "staff") {
    const [shift] = await queryRows<{ date: string; start_time: string; end_time: string }>(
      db,
      sql`select to_char(date, 'YYYY-MM-DD') as date, start_time, end_time from schedules
           where staff_id = ${broadcaster.id} and date >= (now() at time zone 'Asia/Tokyo')::date
           order by date limit 1`,
    );
    nextShift = shift ?? null;
  }
  return {
    broadcaster: {
      type: broadcaster.type,
      id: broadcaster.id,
      name: broadcaster.name,
      image_url: broadcaster.image_url,
      liver_id: broadcaster.liver_id,
      liver_name: broadcaster.liver_name,
    },
    current,
    past,
    nextShift,
  };
}
