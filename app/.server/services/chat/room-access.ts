import { eq } from "drizzle-orm";
import { roomDecision } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { type Room, rooms } from "../../db/schema";

export type RoomAction = "room.read" | "room.write" | "room.block" | "room.report";

/**
 * The room `roomId` when the actor is one of its two members, else `not_found` (ADR 0029:
 * a third listener, another staff member, a store, an operator and a room that does not exist
 * all look the same). `lock` takes the room row's lock (sending: last_message_at and the store
 * notice are decided under it).
 */
export async function memberRoom(
  db: Db | Tx,
  actor: Viewer,
  action: RoomAction,
  roomId: string,
  options: { lock?: boolean } = {},
): Promise<{ ok: true; room: Room; counterpartId: string } | { ok: false; error: "not_found" }> {
  const query = db.select().from(rooms).where(eq(rooms.id, roomId));
  const [room] = options.lock ? await query.for("update") : await query;
  if (roomDecision(actor, action, room) !== "allowed" || !room) return { ok: false, error: "not_found" };
  const counterpartId = room.listener_id === actor.uid ? room.staff_id : room.listener_id;
  return { ok: true, room, counterpartId };
}
