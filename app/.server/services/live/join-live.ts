import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { fanLevel } from "~/domain/fans";
import { liveTopic } from "~/domain/live";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { liveAudience, liveViewers } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { recordWatchMinute } from "../fans/fan-points";
import { countViewers, refreshViewerCount } from "./finish-live";
import { loadLive } from "./live-access";
import type { LiveSettings } from "./live-settings";

export type JoinLiveResult =
  | { ok: true; viewer_id: string; viewer_count: number }
  | { ok: false; error: "not_found" | "ended" | "full" };

/**
 * `POST /api/lives/{id}/viewers`: a browser tab starts watching (signed in or not). Under the live
 * row's lock the viewers still there are counted against the cap (`liveSettings().maxViewers`,
 * across every server process, since the count is in the database): one more is 「満員です」.
 * Admitted, the tab gets a `viewer_id` it keeps alive (`PUT …/viewers/{viewer_id}` every 15 s) and
 * that its media connection names; the count moves and `viewers` is published.
 */
export async function joinLive({
  db,
  actor,
  input,
  settings,
}: {
  db: Db;
  actor: Viewer | null;
  input: { liveId: string };
  settings: LiveSettings;
}): Promise<JoinLiveResult> {
  return db.transaction(async (tx) => {
    const live = await loadLive(tx, input.liveId, { lock: true });
    if (!live) return { ok: false, error: "not_found" } as const;
    if (live.status !== "live") return { ok: false, error: "ended" } as const;
    const watching = await countViewers(tx, live.live_id);
    if (watching >= settings.maxViewers) return { ok: false, error: "full" } as const;
    const viewerId = randomUUID();
    const listenerId = actor?.type === "listener" ? actor.uid : null;
    await tx.insert(liveViewers).values({
      live_id: live.live_id,
      viewer_id: viewerId,
      listener_id: listenerId,
      seen_at: sql`clock_timestamp()`,
    });
    // The audience, once each (the summary's unique viewers): a listener by her id, a tab by its own.
    await tx
      .insert(liveAudience)
      .values({
        live_id: live.live_id,
        viewer_key: listenerId ? `listener:${listenerId}` : `viewer:${viewerId}`,
      })
      .onConflictDoNothing();
    const { count } = await refreshViewerCount(tx, live);
    return { ok: true, viewer_id: viewerId, viewer_count: count } as const;
  });
}

/**
 * `PUT /api/lives/{id}/viewers/{viewer_id}` `{visible?}`: the tab is still watching. False when the
 * viewer is unknown (silent for 40 s, or the live ended): the page joins again. A signed-in
 * listener whose page is visible earns the minute as fan points (fans/fan-points.ts; at most once
 * a minute however many tabs beat) and is told `fan-level` on the live's stream when it rose.
 */
export async function touchViewer({
  db,
  input,
  settings,
}: {
  db: Db;
  input: { liveId: string; viewerId: string; visible?: boolean };
  settings: Pick<LiveSettings, "fanThresholds">;
}): Promise<boolean> {
  const rows = await db
    .update(liveViewers)
    .set({ seen_at: sql`clock_timestamp()` })
    .where(and(eq(liveViewers.live_id, input.liveId), eq(liveViewers.viewer_id, input.viewerId)))
    .returning({ id: liveViewers.viewer_id, listenerId: liveViewers.listener_id });
  const [row] = rows;
  if (!row) return false;
  if (input.visible && row.listenerId) {
    const live = await loadLive(db, input.liveId);
    if (live?.status === "live") {
      const listenerId = row.listenerId;
      await db.transaction(async (tx) => {
        const moved = await recordWatchMinute(tx, {
          listenerId,
          broadcasterId: live.broadcaster_id,
          liveId: live.live_id,
        });
        const level = moved ? fanLevel(moved.after, settings.fanThresholds) : 0;
        if (moved && level > fanLevel(moved.before, settings.fanThresholds))
          await publish({
            db: tx,
            topic: liveTopic(live.live_id),
            type: "fan-level",
            data: { listener_id: listenerId, level },
          });
      });
    }
  }
  return true;
}

/** `DELETE /api/lives/{id}/viewers/{viewer_id}`: the tab stopped watching; the count moves now. */
export async function leaveLive({
  db,
  input,
}: {
  db: Db;
  input: { liveId: string; viewerId: string };
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const live = await loadLive(tx, input.liveId, { lock: true });
    if (!live) return false;
    const gone = await tx
      .delete(liveViewers)
      .where(and(eq(liveViewers.live_id, live.live_id), eq(liveViewers.viewer_id, input.viewerId)))
      .returning({ id: liveViewers.viewer_id });
    if (gone.length > 0 && live.status === "live") await refreshViewerCount(tx, live);
    return gone.length > 0;
  });
}

/** Whether `viewerId` is an admitted viewer of the live (the media connection asks). */
export async function isViewer(db: Db, liveId: string, viewerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: liveViewers.viewer_id })
    .from(liveViewers)
    .where(and(eq(liveViewers.live_id, liveId), eq(liveViewers.viewer_id, viewerId)))
    .limit(1);
  return Boolean(row);
}
