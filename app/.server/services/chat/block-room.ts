import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { roomBlocks } from "../../db/schema";
import { memberRoom } from "./room-access";

export type BlockRoomResult = { ok: true; created: boolean } | { ok: false; error: "not_found" };

/**
 * `POST /api/rooms/{id}/block`: either member blocks the other. From then on neither side can
 * send in the room (the blocked side, and the blocker too, get 「このユーザーにはメッセージを送信
 * できません」; ADR 0029); both can still read what was said. Blocking twice is harmless.
 */
export async function blockRoom({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { roomId: string };
}): Promise<BlockRoomResult> {
  const access = await memberRoom(db, actor, "room.block", input.roomId);
  if (!access.ok) return access;
  const inserted = await db
    .insert(roomBlocks)
    .values({ room_id: access.room.id, blocker_id: actor.uid, blocked_id: access.counterpartId })
    .onConflictDoNothing()
    .returning({ room_id: roomBlocks.room_id });
  return { ok: true, created: inserted.length > 0 };
}
