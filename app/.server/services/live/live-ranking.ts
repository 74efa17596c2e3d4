import { type SQL, sql } from "drizzle-orm";
import { ANONYMOUS_LISTENER, fanLevel } from "~/domain/fans";
import { liveTopic } from "~/domain/live";
import { tokyoMonth } from "~/domain/money";
import { type Db, queryRowsPrepared } from "../../db/client";
import { publish } from "../../realtime/publish";

/** Who supported a live (ADR 0043): the top 20 listeners by coins gifted in it. */
export const RANKING_SIZE = 20;

export interface RankingEntry {
  rank: number;
  listener: { nickname: string; image_url: string | null; fan_level: number };
  coins: number;
}

/**
 * A CTE for the gift's booking statement (ledger/book-gift.ts): the giver's total in the live's
 * supporters, written only when the booking's header `t` was.
 */
export function supportersCte(input: {
  liveId: string;
  listenerId: string;
  coins: number;
  points: number;
  at: string;
}): SQL {
  const at = sql`${input.at}::timestamptz`;
  return sql`supporters as (
    insert into live_supporters (live_id, listener_id, coins, points, gifts, first_at, last_at)
    select ${input.liveId}, ${input.listenerId}, ${input.coins}, ${input.points}, 1, ${at}, ${at} from t
    on conflict (live_id, listener_id) do update
      set coins = live_supporters.coins + excluded.coins, points = live_supporters.points + excluded.points,
          gifts = live_supporters.gifts + 1, last_at = excluded.last_at
    returning coins
  )`;
}

interface SupporterRow {
  listener_id: string;
  coins: number | string;
  nickname: string;
  image_url: string;
  hide: boolean;
  fan_points: number | string | null;
}

async function topSupporters(db: Db, liveId: string, broadcasterId: string, month: string) {
  return queryRowsPrepared<SupporterRow>(
    db,
    "live_ranking",
    sql`select s.listener_id, s.coins, l.nickname, l.image_url, l.hide_from_rankings as hide, f.points as fan_points
        from live_supporters s
        join listeners l on l.uid = s.listener_id
        left join fan_points f on f.listener_id = s.listener_id and f.broadcaster_id = ${broadcasterId}
                              and f.month = ${month}
        where s.live_id = ${liveId}
        order by s.coins desc, s.first_at, s.listener_id
        limit ${RANKING_SIZE}`,
  );
}

/** A supporter as everyone may see her: a listener who hides from rankings is 「匿名のリスナー」. */
function publicEntry(row: SupporterRow, index: number, thresholds: readonly number[]): RankingEntry {
  return {
    rank: index + 1,
    listener: row.hide
      ? { nickname: ANONYMOUS_LISTENER, image_url: null, fan_level: 0 }
      : {
          nickname: row.nickname.trim() || "ゲスト",
          image_url: row.image_url || null,
          fan_level: fanLevel(Number(row.fan_points ?? 0), thresholds),
        },
    coins: Number(row.coins),
  };
}

/** `GET /api/lives/{id}/ranking`: the live's top 20 supporters, with this month's fan levels. */
export async function readRanking(
  db: Db,
  input: { liveId: string; broadcasterId: string; thresholds: readonly number[]; now?: Date },
): Promise<RankingEntry[]> {
  const rows = await topSupporters(
    db,
    input.liveId,
    input.broadcasterId,
    tokyoMonth(input.now ?? new Date()),
  );
  return rows.map((row, i) => publicEntry(row, i, input.thresholds));
}

/**
 * After a gift in a live, in its transaction: the `ranking` event with the new top 20, when the
 * giver is in it (a gift below the 20th place changes nothing anyone sees).
 */
export async function publishRankingAfterGift(
  tx: Db,
  input: { liveId: string; broadcasterId: string; giverId: string; thresholds: readonly number[]; at: Date },
): Promise<RankingEntry[] | null> {
  const rows = await topSupporters(tx, input.liveId, input.broadcasterId, tokyoMonth(input.at));
  if (!rows.some((row) => row.listener_id === input.giverId)) return null;
  const items = rows.map((row, i) => publicEntry(row, i, input.thresholds));
  await publish({ db: tx, topic: liveTopic(input.liveId), type: "ranking", data: { items } });
  return items;
}
