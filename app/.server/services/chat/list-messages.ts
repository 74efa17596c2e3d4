import { and, desc, eq, lt, or } from "drizzle-orm";
import { clampMessageLimit } from "~/domain/chat";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Message, messages, roomBlocks } from "../../db/schema";
import { type Counterpart, loadCounterparts, UNNAMED_LISTENER } from "./counterparts";
import { memberRoom } from "./room-access";

export type ListMessagesResult =
  | {
      ok: true;
      room_id: string;
      counterpart: Counterpart;
      /** Newest first; at most `limit`. */
      items: Message[];
      /** The `before` of the next (older) page, null when this page reaches the first message. */
      next_before: string | null;
      /** The actor blocked the counterpart / the counterpart blocked the actor. */
      blocked_by_me: boolean;
      blocked_me: boolean;
    }
  | { ok: false; error: "not_found" | "invalid_before" };

/**
 * `GET /api/rooms/{id}/messages?before=&limit=`: a room's messages, newest first. `before` is a
 * message id of the room (the oldest one the reader has); the page holds the messages older than
 * it, ordered by (created_at, message_id) so equal times neither repeat nor vanish between pages.
 */
export async function listMessages({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { roomId: string; before?: string | null; limit?: unknown };
}): Promise<ListMessagesResult> {
  const access = await memberRoom(db, actor, "room.read", input.roomId);
  if (!access.ok) return access;
  const { room, counterpartId } = access;
  const limit = clampMessageLimit(input.limit);
  let older = eq(messages.room_id, room.id);
  if (input.before) {
    const [cursor] = await db
      .select({ created_at: messages.created_at, message_id: messages.message_id })
      .from(messages)
      .where(and(eq(messages.room_id, room.id), eq(messages.message_id, input.before)));
    if (!cursor) return { ok: false, error: "invalid_before" };
    older = and(
      older,
      or(
        lt(messages.created_at, cursor.created_at),
        and(eq(messages.created_at, cursor.created_at), lt(messages.message_id, cursor.message_id)),
      ),
    )!;
  }
  const [rows, blocks, counterparts] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(older)
      .orderBy(desc(messages.created_at), desc(messages.message_id))
      .limit(limit + 1),
    db.select({ blocker_id: roomBlocks.blocker_id }).from(roomBlocks).where(eq(roomBlocks.room_id, room.id)),
    loadCounterparts(db, {
      listenerIds: counterpartId === room.listener_id ? [counterpartId] : [],
      staffIds: counterpartId === room.staff_id ? [counterpartId] : [],
    }),
  ]);
  const items = rows.slice(0, limit);
  return {
    ok: true,
    room_id: room.id,
    counterpart: counterparts.get(counterpartId) ?? {
      id: counterpartId,
      type: counterpartId === room.staff_id ? "staff" : "listener",
      name: UNNAMED_LISTENER,
      image_url: "",
    },
    items,
    next_before: rows.length > limit ? (items.at(-1)?.message_id ?? null) : null,
    blocked_by_me: blocks.some((b) => b.blocker_id === actor.uid),
    blocked_me: blocks.some((b) => b.blocker_id === counterpartId),
  };
}
