import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { roomTopic } from "~/domain/chat";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { markRoomNotificationRead } from "../notifications/mark-notifications-read";
import { memberRoom } from "./room-access";

export type MarkRoomReadResult =
  | { ok: true; read: number; read_at: Date | null }
  | { ok: false; error: "not_found" };

/**
 * `POST /api/rooms/{id}/read`: the actor has read the room — every unread message of the
 * counterpart gets `read_at`, and the counterpart sees the read marks live; her notification of
 * the conversation is read with them. Nothing unread: nothing changes, nothing is published.
 */
export async function markRoomRead({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { roomId: string };
}): Promise<MarkRoomReadResult> {
  return db.transaction(async (tx) => {
    const access = await memberRoom(tx, actor, "room.read", input.roomId);
    if (!access.ok) return access;
    const marked = await tx
      .update(messages)
      .set({ read_at: sql`now()` })
      .where(
        and(
          eq(messages.room_id, access.room.id),
          ne(messages.sender_id, actor.uid),
          isNull(messages.read_at),
        ),
      )
      .returning({ message_id: messages.message_id, read_at: messages.read_at });
    const readAt = marked[0]?.read_at ?? null;
    // Her unread line of this conversation in the notifications is read too (ADR 0044); its
    // account topic sorts before the room's (publish's order rule).
    await markRoomNotificationRead(tx, actor.uid, access.room.id);
    if (marked.length > 0)
      await publish({
        db: tx,
        topic: roomTopic(access.room.id),
        type: "read",
        data: { reader_id: actor.uid, read_at: readAt, message_ids: marked.map((m) => m.message_id) },
      });
    return { ok: true, read: marked.length, read_at: readAt } as const;
  });
}
