import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { roomTopic } from "~/domain/chat";
import { accountTopic } from "~/domain/realtime-topics";
import type { Db } from "../../db/client";
import { type Message, type MessageGift, messages, type Room, rooms } from "../../db/schema";
import { publish } from "../../realtime/publish";

export interface MessageContent {
  body: string;
  /** A picture already through the image pipeline. */
  image_url?: string | null;
  /** The gift the message is (ADR 0038): its body is the gift's words. */
  gift?: MessageGift | null;
}

/**
 * The one writer of a chat message — text, picture or gift (ADR 0029, 0043). In the caller's
 * transaction, which holds the room's lock and has checked the sender may write: the message with
 * the database's clock (strictly later than the room's previous one), the room's last message
 * moved, then `beforeAnnounce` (a notice that needs the message's time), then the counterpart's
 * account stream and the room's stream told, last, so nothing is seen unless it commits.
 */
export async function writeMessage(
  tx: Db,
  room: Room,
  senderId: string,
  content: MessageContent,
  beforeAnnounce?: (message: Message) => Promise<void>,
): Promise<Message> {
  const [message] = await tx
    .insert(messages)
    .values({
      message_id: randomUUID(),
      room_id: room.id,
      sender_id: senderId,
      body: content.body,
      image_url: content.image_url ?? null,
      gift: content.gift ?? null,
      created_at: sql`clock_timestamp()`,
    })
    .returning();
  if (!message) throw new Error("message insert returned nothing");
  await tx
    .update(rooms)
    .set({ last_message_at: message.created_at, updated_at: message.created_at })
    .where(eq(rooms.id, room.id));
  await beforeAnnounce?.(message);
  const counterpartId = senderId === room.listener_id ? room.staff_id : room.listener_id;
  // Topics in sorted order ("account:" < "room:"), as publish asks.
  await publish({
    db: tx,
    topic: accountTopic(counterpartId),
    type: "message",
    data: { room_id: room.id, message_id: message.message_id },
  });
  await publish({ db: tx, topic: roomTopic(room.id), type: "message", data: message });
  return message;
}
