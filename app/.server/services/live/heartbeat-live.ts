import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { lives } from "../../db/schema";
import { findManagedLive } from "./live-access";

export type HeartbeatResult =
  | { ok: true; status: "live" | "ended"; viewer_count: number; viewer_peak: number; comment_count: number }
  | { ok: false; error: "forbidden" | "not_found" };

/**
 * `POST /api/lives/{id}/heartbeat`: the broadcaster panel says it is still there (every 10 s). A
 * live not heard of for 30 s is ended by its `live.watch` job. Answers the figures the panel shows
 * and whether the live is still on (an ended live stays ended: the panel shows so).
 */
export async function heartbeatLive({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string };
}): Promise<HeartbeatResult> {
  const found = await findManagedLive(db, actor, "live.end", input.liveId);
  if (!found.ok) return found;
  const [live] =
    found.live.status === "live"
      ? await db
          .update(lives)
          .set({ broadcaster_seen_at: sql`clock_timestamp()` })
          .where(eq(lives.live_id, found.live.live_id))
          .returning()
      : [found.live];
  const row = live ?? found.live;
  return {
    ok: true,
    status: row.status,
    viewer_count: row.viewer_count,
    viewer_peak: row.viewer_peak,
    comment_count: row.comment_count,
  };
}
