import { eq } from "drizzle-orm";
import { roomTopic } from "~/domain/chat";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { roomBlocks } from "../../db/schema";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { publishTransient } from "../../realtime/publish";
import { memberRoom } from "./room-access";

/**
 * `POST /api/rooms/{id}/typing` (ADR 0044): a member is typing — the room's open streams get a
 * transient `typing` event (never stored, ADR 0044), at most one per 3 s per sender; more often, or
 * in a blocked room, nothing is told (`sent` false). A stranger gets the room's `not_found`.
 */
export async function sendTyping({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { roomId: string };
}): Promise<{ ok: true; sent: boolean } | { ok: false; error: "not_found" }> {
  const access = await memberRoom(db, actor, "room.write", input.roomId);
  if (!access.ok) return access;
  const [block] = await db
    .select({ blocker_id: roomBlocks.blocker_id })
    .from(roomBlocks)
    .where(eq(roomBlocks.room_id, access.room.id))
    .limit(1);
  if (block) return { ok: true, sent: false };
  const rate = await hitRateLimit(db, RATE_LIMITS.chatTypingPerSender, actor.uid);
  if (!rate.allowed) return { ok: true, sent: false };
  await publishTransient({
    db,
    topic: roomTopic(access.room.id),
    type: "typing",
    data: { user_id: actor.uid },
  });
  return { ok: true, sent: true };
}
