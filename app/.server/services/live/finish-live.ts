import { and, eq, sql } from "drizzle-orm";
import {
  BROADCASTER_GONE_MS,
  type LiveEndedEvent,
  type LiveEndReason,
  liveTopic,
  VIEWER_GONE_MS,
} from "~/domain/live";
import { queryRows, type Tx } from "../../db/client";
import { type Live, lives, liveViewers } from "../../db/schema";
import { publish } from "../../realtime/publish";

/**
 * Ends a live in the caller's transaction: status `ended`, `ended_at`, why, the viewer peak made
 * final (with the viewers still counted now), the viewers' rows gone, and `ended` published to the
 * live's stream (viewers show the ended state; the broadcaster panel too). `comment_count` is kept
 * up to date by every comment and deletion. Null when the live was already over.
 */
export async function finishLive(tx: Tx, liveId: string, reason: LiveEndReason): Promise<Live | null> {
  const watching = await countViewers(tx, liveId);
  const [ended] = await tx
    .update(lives)
    .set({
      status: "ended",
      ended_at: sql`clock_timestamp()`,
      end_reason: reason,
      viewer_peak: sql`greatest(${lives.viewer_peak}, ${watching})`,
      viewer_count: 0,
    })
    .where(and(eq(lives.live_id, liveId), eq(lives.status, "live")))
    .returning();
  if (!ended) return null;
  await tx.delete(liveViewers).where(eq(liveViewers.live_id, liveId));
  const event: LiveEndedEvent = {
    live_id: ended.live_id,
    ended_at: (ended.ended_at ?? new Date()).toISOString(),
    viewer_peak: ended.viewer_peak,
    comment_count: ended.comment_count,
  };
  await publish({ db: tx, topic: liveTopic(liveId), type: "ended", data: event });
  return ended;
}

/** Viewers who said within the last 40 s that they are watching (the database's clock). */
export async function countViewers(tx: Tx, liveId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from live_viewers
         where live_id = ${liveId} and seen_at > clock_timestamp() - make_interval(secs => ${VIEWER_GONE_MS / 1000})`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Recounts the viewers of a live (the caller holds the live row's lock): forgets the silent ones,
 * and when the count moved stores it, raises the peak and publishes `viewers` {count, peak}.
 */
export async function refreshViewerCount(tx: Tx, live: Live): Promise<{ count: number; peak: number }> {
  await tx
    .delete(liveViewers)
    .where(
      and(
        eq(liveViewers.live_id, live.live_id),
        sql`${liveViewers.seen_at} <= clock_timestamp() - make_interval(secs => ${VIEWER_GONE_MS / 1000})`,
      ),
    );
  const count = await countViewers(tx, live.live_id);
  const peak = Math.max(live.viewer_peak, count);
  if (count !== live.viewer_count || peak !== live.viewer_peak) {
    await tx
      .update(lives)
      .set({ viewer_count: count, viewer_peak: peak })
      .where(eq(lives.live_id, live.live_id));
    await publish({ db: tx, topic: liveTopic(live.live_id), type: "viewers", data: { count, peak } });
  }
  return { count, peak };
}

/** Whether the broadcaster has been silent for 30 s (the database's clock). */
export const BROADCASTER_GONE_SQL = sql`clock_timestamp() - make_interval(secs => ${BROADCASTER_GONE_MS / 1000})`;
