import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enqueueJob } from "../../db/queue/enqueue";
import { lives } from "../../db/schema";
import { BROADCASTER_GONE_SQL, finishLive, refreshViewerCount } from "./finish-live";
import { loadLive } from "./live-access";

/** How often a live is looked at by its `live.watch` job (viewer count, broadcaster gone). */
export const LIVE_WATCH_EVERY_SECONDS = 5;

/**
 * The `live.watch` job of one live (ADR 0031): a durable chain on the job queue, so whichever
 * server process is alive runs it — no process owns a live's timer, and a restart or a crashed
 * process loses nothing. Each run, under the live row's lock: the silent viewers are forgotten and
 * a moved count is published; a broadcaster silent for 30 s ends the live (`timeout`); otherwise
 * the next run is queued 5 s later in the same transaction. The chain stops when the live is over.
 */
export async function watchLive({ db, liveId }: { db: Db; liveId: string }): Promise<{ state: string }> {
  return db.transaction(async (tx) => {
    const live = await loadLive(tx, liveId, { lock: true });
    if (live?.status !== "live") return { state: "over" };
    const [gone] = await tx
      .select({ id: lives.live_id })
      .from(lives)
      .where(and(eq(lives.live_id, liveId), lt(lives.broadcaster_seen_at, BROADCASTER_GONE_SQL)));
    if (gone) {
      await finishLive(tx, liveId, "timeout");
      return { state: "ended" };
    }
    await refreshViewerCount(tx, live);
    await enqueueJob(
      tx,
      "live.watch",
      { liveId },
      {
        startAfter: new Date(Date.now() + LIVE_WATCH_EVERY_SECONDS * 1000),
        singletonKey: liveId,
        ifAbsent: true,
      },
    );
    return { state: "watching" };
  });
}

/**
 * The minute's safety net (`live.sweep`): a live whose watch chain broke (a job that failed all its
 * retries) still ends once its broadcaster has been gone for 30 s, at most a minute late.
 */
export async function sweepLives({ db }: { db: Db }): Promise<{ ended: number }> {
  const stale = await db
    .select({ id: lives.live_id })
    .from(lives)
    .where(
      and(
        eq(lives.status, "live"),
        lt(lives.broadcaster_seen_at, sql`${BROADCASTER_GONE_SQL} - interval '30 seconds'`),
      ),
    );
  let ended = 0;
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      const live = await loadLive(tx, id, { lock: true });
      return live?.status === "live" ? finishLive(tx, id, "timeout") : null;
    });
    if (done) ended++;
  }
  return { ended };
}
