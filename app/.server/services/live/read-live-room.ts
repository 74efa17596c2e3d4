import { sql } from "drizzle-orm";
import { ANONYMOUS_LISTENER, fanLevel } from "~/domain/fans";
import { giftTier } from "~/domain/gifts";
import {
  GUEST_NICKNAME,
  LIVE_COMMENTS_SHOWN,
  type LiveCommentEvent,
  type LiveGiftEvent,
} from "~/domain/live";
import { tokyoMonth } from "~/domain/money";
import { type Db, queryRows } from "../../db/client";
import { type RankingEntry, readRanking } from "./live-ranking";
import type { LiveSettings } from "./live-settings";

/**
 * What a live room opens with, for the viewer and the broadcaster panel alike (ADR 0043,
 * ADR 0043): the newest comments and gifts (the stream shows both, gifts as lines), the pinned
 * comment, the points the live has earned so far and who supported it. Read after the stream's
 * head, so the page subscribes from there and misses nothing.
 */
export interface LiveRoomState {
  comments: LiveCommentEvent[];
  gifts: LiveGiftEvent[];
  pinned: LiveCommentEvent | null;
  points: number;
  ranking: RankingEntry[];
}

const iso = (d: Date | string) => new Date(d).toISOString();

interface CommentRow {
  comment_id: string;
  live_id: string;
  author_type: "listener" | "broadcaster";
  listener_id: string | null;
  nickname: string;
  body: string;
  fan_level: number;
  created_at: Date | string;
}

const commentOf = (r: CommentRow): LiveCommentEvent => ({
  comment_id: r.comment_id,
  live_id: r.live_id,
  author: r.author_type,
  listener_id: r.listener_id,
  nickname: r.nickname,
  body: r.body,
  fan_level: Number(r.fan_level),
  created_at: iso(r.created_at),
});

/** The comments a live page opens with: the newest 100 still shown, oldest first. */
export async function recentComments(db: Db, liveId: string): Promise<LiveCommentEvent[]> {
  const rows = await queryRows<CommentRow>(
    db,
    sql`select comment_id, live_id, author_type, listener_id, nickname, body, fan_level, created_at
          from live_comments
         where live_id = ${liveId} and status = 'visible'
         order by created_at desc, comment_id desc limit ${LIVE_COMMENTS_SHOWN}`,
  );
  return rows.reverse().map(commentOf);
}

/** The gifts a live page opens with (lines of the stream): the newest 100, oldest first. */
async function recentGifts(
  db: Db,
  live: { live_id: string; broadcaster_id: string; broadcaster_type: "staff" | "liver"; name: string },
  settings: Pick<LiveSettings, "tierThresholds" | "fanThresholds">,
  month: string,
): Promise<LiveGiftEvent[]> {
  const rows = await queryRows<{
    gift_id: string;
    item_id: string;
    name: string;
    image_url: string;
    animation_url: string;
    coin_price: number;
    quantity: number;
    combo_id: string;
    combo_count: number;
    coins: number;
    points: number;
    listener_id: string;
    nickname: string;
    hide: boolean;
    fan_points: number | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select g.gift_id, g.item_id, i.name, i.image_url, i.animation_url, i.coin_price, g.quantity,
               g.combo_id, g.combo_count, g.coins, g.points, g.listener_id, l.nickname,
               l.hide_from_rankings as hide,
               f.points as fan_points, g.created_at
          from gifts g
          join items i on i.item_id = g.item_id
          join listeners l on l.uid = g.listener_id
          left join fan_points f on f.listener_id = g.listener_id and f.broadcaster_id = g.broadcaster_id
                                and f.month = ${month}
         where g.live_id = ${live.live_id}
         order by g.created_at desc, g.gift_id desc limit ${LIVE_COMMENTS_SHOWN}`,
  );
  return rows.reverse().map((r) => ({
    gift_id: r.gift_id,
    item: { item_id: r.item_id, name: r.name, image_url: r.image_url, animation_url: r.animation_url },
    quantity: Number(r.quantity),
    combo: { id: r.combo_id, count: Number(r.combo_count) },
    tier: giftTier(Number(r.coin_price), settings.tierThresholds),
    coins: Number(r.coins),
    points: Number(r.points),
    // A listener who hides from rankings is not named by her gifts either (as in send-gift.ts).
    from: r.hide
      ? { listener_id: "", nickname: ANONYMOUS_LISTENER, fan_level: 0 }
      : {
          listener_id: r.listener_id,
          nickname: r.nickname.trim() || GUEST_NICKNAME,
          fan_level: fanLevel(Number(r.fan_points ?? 0), settings.fanThresholds),
        },
    to: { type: live.broadcaster_type, id: live.broadcaster_id, name: live.name },
    created_at: iso(r.created_at),
  }));
}

export async function readLiveRoom(
  db: Db,
  input: {
    live: {
      live_id: string;
      broadcaster_id: string;
      broadcaster_type: "staff" | "liver";
      /** The broadcaster's name. */
      name: string;
    };
    settings: Pick<LiveSettings, "tierThresholds" | "fanThresholds">;
    now?: Date;
  },
): Promise<LiveRoomState> {
  const { live, settings } = input;
  const month = tokyoMonth(input.now ?? new Date());
  const [comments, gifts, [extra], ranking] = await Promise.all([
    recentComments(db, live.live_id),
    recentGifts(db, live, settings, month),
    queryRows<{ pinned: CommentRow | null; points: number | string }>(
      db,
      sql`select (select row_to_json(c) from (
                    select comment_id, live_id, author_type, listener_id, nickname, body, fan_level, created_at
                      from live_comments
                     where comment_id = v.pinned_comment_id and status = 'visible') c) as pinned,
                 (select coalesce(sum(points), 0) from gifts where live_id = v.live_id) as points
            from lives v where v.live_id = ${live.live_id}`,
    ),
    readRanking(db, {
      liveId: live.live_id,
      broadcasterId: live.broadcaster_id,
      thresholds: settings.fanThresholds,
      now: input.now,
    }),
  ]);
  return {
    comments,
    gifts,
    pinned: extra?.pinned ? commentOf(extra.pinned) : null,
    points: Number(extra?.points ?? 0),
    ranking,
  };
}
