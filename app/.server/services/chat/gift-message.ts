import { eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Message, type MessageGift, type Room, roomBlocks } from "../../db/schema";
import { memberRoom } from "./room-access";
import { writeMessage } from "./write-message";

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
 * Inside the gift's transaction: the room locked and its block checked again, then the gift
 * written as a message of the room by the chat's one writer (write-message.ts).
 */
export async function writeGiftMessage(
  tx: Db,
  actor: Viewer,
  roomId: string,
  gift: MessageGift,
): Promise<Message> {
  const locked = await roomForGift(tx, actor, roomId, { lock: true });
  if (!locked.ok || locked.blocked) throw new GiftRoomBlockedError("the room is blocked or gone");
  return writeMessage(tx, locked.room, actor.uid, { body: giftMessageBody(gift), gift });
}
