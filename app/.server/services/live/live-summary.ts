import { sql } from "drizzle-orm";
import { decide, liveOwnership, roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { loadLive } from "./live-access";
import { type RankingEntry, readRanking } from "./live-ranking";
import type { LiveSettings } from "./live-settings";

/** The fans the summary names. */
const TOP_FANS = 5;

/** What a live came to (ADR 0043): the page after 配信終了 and `GET /api/lives/{id}/summary`. */
export interface LiveSummary {
  live_id: string;
  title: string;
  status: "live" | "ended";
  started_at: string;
  ended_at: string | null;
  /** Until the end, or until now while still live. */
  duration_seconds: number;
  viewers: { peak: number; unique: number };
  /** The audience's comments (the broadcaster's own are not counted). */
  comments: number;
  gifts: { count: number; items: number; coins: number };
  /** The store's points the gifts of this live are worth. */
  points: number;
  /** Follows of the broadcaster made while the live was on. */
  new_followers: number;
  top_fans: RankingEntry[];
}

export type LiveSummaryResult =
  | { ok: true; summary: LiveSummary }
  | { ok: false; error: "forbidden" | "not_found" | "unauthenticated" };

/**
 * The summary of a live for its broadcaster and her store (`live.summary.read`): figures read from
 * what the live left — the live row, its audience, comments, gifts and the follows of its time —
 * so it is the same whenever it is read.
 */
export async function readLiveSummary({
  db,
  actor,
  input,
  settings,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string };
  settings: Pick<LiveSettings, "fanThresholds">;
  now?: Date;
}): Promise<LiveSummaryResult> {
  const refused = roleRefusal(actor, "live.summary.read");
  if (refused) return { ok: false, error: refused };
  const live = await loadLive(db, input.liveId);
  if (!live || decide(actor.type, "live.summary.read", liveOwnership(actor, live)) !== "allowed")
    return { ok: false, error: "not_found" };
  const until = live.ended_at ?? now;
  const [figures] = await queryRows<{
    unique_viewers: number | string;
    gift_count: number | string;
    gift_items: number | string;
    gift_coins: number | string;
    gift_points: number | string;
    followers: number | string;
  }>(
    db,
    sql`select
          (select count(*) from live_audience where live_id = ${live.live_id}) as unique_viewers,
          (select count(*) from gifts where live_id = ${live.live_id}) as gift_count,
          (select coalesce(sum(quantity), 0) from gifts where live_id = ${live.live_id}) as gift_items,
          (select coalesce(sum(coins), 0) from gifts where live_id = ${live.live_id}) as gift_coins,
          (select coalesce(sum(points), 0) from gifts where live_id = ${live.live_id}) as gift_points,
          (select count(*) from favorites
            where ${live.broadcaster_type === "staff" ? sql`staff_id` : sql`liver_id`} = ${live.broadcaster_id}
              and created_at >= ${live.started_at.toISOString()}::timestamptz
              and created_at <= ${until.toISOString()}::timestamptz) as followers`,
  );
  const ranking = await readRanking(db, {
    liveId: live.live_id,
    broadcasterId: live.broadcaster_id,
    thresholds: settings.fanThresholds,
    now: until,
  });
  return {
    ok: true,
    summary: {
      live_id: live.live_id,
      title: live.title,
      status: live.status,
      started_at: live.started_at.toISOString(),
      ended_at: live.ended_at?.toISOString() ?? null,
      duration_seconds: Math.max(0, Math.round((until.getTime() - live.started_at.getTime()) / 1000)),
      viewers: { peak: live.viewer_peak, unique: Number(figures?.unique_viewers ?? 0) },
      comments: live.comment_count,
      gifts: {
        count: Number(figures?.gift_count ?? 0),
        items: Number(figures?.gift_items ?? 0),
        coins: Number(figures?.gift_coins ?? 0),
      },
      points: Number(figures?.gift_points ?? 0),
      new_followers: Number(figures?.followers ?? 0),
      top_fans: ranking.slice(0, TOP_FANS),
    },
  };
}
