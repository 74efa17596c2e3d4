import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lives } from "../../db/schema";
import { finishLive } from "./finish-live";
import { loadLive } from "./live-access";

/** The parts of LiveKit's WebhookEvent we read. */
interface LivekitEvent {
  event: string;
  room?: { name?: string };
  participant?: { identity?: string };
}

export type LivekitWebhookResult = { ok: true; event: string; liveId: string | null } | { ok: false };

/**
 * A LiveKit webhook (ADR 0031), once `verify` has checked its signature and body digest (a failure
 * is `ok: false`, 401): `room_finished` of a live's room ends the live if it is still on (its media
 * are gone; reason `media`); the broadcaster joining counts as a sign of life. Other events, and
 * rooms that are not ours, are acknowledged and ignored.
 */
export async function receiveLivekitWebhook({
  db,
  verify,
}: {
  db: Db;
  verify: () => Promise<unknown>;
}): Promise<LivekitWebhookResult> {
  let event: LivekitEvent;
  try {
    event = (await verify()) as LivekitEvent;
  } catch {
    return { ok: false };
  }
  const room = event.room?.name ?? "";
  const liveId = room.startsWith("live-") ? room.slice(5) : null;
  if (!liveId) return { ok: true, event: event.event, liveId: null };
  if (event.event === "room_finished") {
    await db.transaction(async (tx) => {
      const live = await loadLive(tx, liveId, { lock: true });
      if (live?.status === "live") await finishLive(tx, liveId, "media");
    });
  } else if (
    event.event === "participant_joined" &&
    event.participant?.identity?.startsWith("broadcaster:")
  ) {
    await db
      .update(lives)
      .set({ broadcaster_seen_at: sql`clock_timestamp()` })
      .where(eq(lives.live_id, liveId));
  }
  return { ok: true, event: event.event, liveId };
}
