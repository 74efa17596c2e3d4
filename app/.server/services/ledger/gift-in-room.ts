import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { roomTopic } from "~/domain/chat";
import { accountTopic } from "~/domain/realtime-topics";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Message, type MessageGift, messages, type Room, roomBlocks, rooms } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { memberRoom } from "../chat/room-access";

/** A gift refused because a block stands in the room (found under the room's lock). */
export class GiftRoomBlockedError extends Error {}

/**
 * The room a gift is given in (ADR 0038): the actor's room (as its listener) and whether a block
 * stands between the two. Anyone else's room, or none: not found, as for every room endpoint.
 */
export async function roomForGift(
  db: Db,
  actor: Viewer,
  roomId: string,
  options: { lock?: boolean } = {},
): Promise<{ ok: true; room: Room; blocked: boolean } | { ok: false }> {
  const access = await memberRoom(db, actor, "room.write", roomId, options);
  if (!access.ok || access.room.listener_id !== actor.uid) return { ok: false };
  const [block] = await db
    .select({ blocker: roomBlocks.blocker_id })
    .from(roomBlocks)
    .where(eq(roomBlocks.room_id, roomId))
    .limit(1);
  return { ok: true, room: access.room, blocked: Boolean(block) };
}

/** The words of a gift message (what a list of rooms and older clients show). */
export const giftMessageBody = (gift: MessageGift) => `🎁「${gift.name}」×${gift.quantity}を贈りました`;

/**
 * Inside the gift's transaction: the room locked and its block checked again, the gift written as
 * a message of the room (`gift` set; the database's clock, as for every message), the room's last
 * message moved, and both members told live — the staff member's account stream and the room's
 * stream (`message`), published last so nothing is seen unless the gift commits.
 */
export async function writeGiftMessage(
  tx: Db,
  actor: Viewer,
  roomId: string,
  gift: MessageGift,
): Promise<Message> {
  const locked = await roomForGift(tx, actor, roomId, { lock: true });
  if (!locked.ok || locked.blocked) throw new GiftRoomBlockedError("the room is blocked or gone");
  const [message] = await tx
    .insert(messages)
    .values({
      message_id: randomUUID(),
      room_id: roomId,
      sender_id: actor.uid,
      body: giftMessageBody(gift),
      gift,
      created_at: sql`clock_timestamp()`,
    })
    .returning();
  if (!message) throw new Error("gift message insert returned nothing");
  await tx
    .update(rooms)
    .set({ last_message_at: message.created_at, updated_at: message.created_at })
    .where(eq(rooms.id, roomId));
  // Topics in sorted order ("account:" < "room:"), as publish asks.
  await publish({
    db: tx,
    topic: accountTopic(locked.room.staff_id),
    type: "message",
    data: { room_id: roomId, message_id: message.message_id },
  });
  await publish({ db: tx, topic: roomTopic(roomId), type: "message", data: message });
  return message;
}
