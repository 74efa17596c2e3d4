import { and, eq } from "drizzle-orm";
import { liveTopic } from "~/domain/live";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { lives } from "../../db/schema";
import { topicHead } from "../../realtime/publish";
import { findBroadcaster } from "./live-access";
import type { LiveSettings } from "./live-settings";
import { type LiveRoomState, readLiveRoom } from "./read-live-room";
import { getLive, type PublicLive } from "./read-lives";

export interface BroadcasterPanel {
  /** May this account go live now (publicly listed)? */
  listed: boolean;
  broadcasterId: string;
  current: ({ live: PublicLive; lastEventId: number; seenAt: string } & LiveRoomState) | null;
}

/**
 * What the broadcaster panel of `/staff/mypage` and `/liver/mypage` opens with: whether the
 * account can go live, and its live on now (after a reload the panel picks it up again, with its
 * room so far — comments, gifts, pin, points, ranking — and the stream position it was read at).
 */
export async function getBroadcasterPanel({
  db,
  actor,
  settings,
}: {
  db: Db;
  actor: Viewer;
  settings: Pick<LiveSettings, "tierThresholds" | "fanThresholds">;
}): Promise<BroadcasterPanel | null> {
  if (roleRefusal(actor, "live.start")) return null;
  const broadcaster = await findBroadcaster(db, actor.uid);
  if (!broadcaster) return null;
  const [row] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.broadcaster_id, broadcaster.id), eq(lives.status, "live")))
    .limit(1);
  let current: BroadcasterPanel["current"] = null;
  if (row) {
    const lastEventId = await topicHead(db, liveTopic(row.live_id));
    const live = await getLive({ db, input: { liveId: row.live_id } });
    if (live)
      current = {
        live,
        lastEventId,
        seenAt: row.broadcaster_seen_at.toISOString(),
        ...(await readLiveRoom(db, { live: { ...row, name: broadcaster.name }, settings })),
      };
  }
  return { listed: broadcaster.listed, broadcasterId: broadcaster.id, current };
}
