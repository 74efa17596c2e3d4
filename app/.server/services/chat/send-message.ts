import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CHAT_TEXTS, MessageBodySchema, roomTopic, tellsStore } from "~/domain/chat";
import { accountTopic } from "~/domain/realtime-topics";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Message, messages, roomBlocks, rooms, staffs } from "../../db/schema";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { publish } from "../../realtime/publish";
import { recordNotification } from "../notifications/record-notification";
import { memberRoom } from "./room-access";

export type SendMessageResult =
  | { ok: true; message: Message }
  | { ok: false; error: "not_found" }
  /** The body is empty, too long or carries contact details: `message` is the Japanese text. */
  | { ok: false; error: "invalid"; message: string }
  /** A block stands between the two members (either way, ADR 0029). */
  | { ok: false; error: "blocked"; message: string }
  | { ok: false; error: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * `POST /api/rooms/{id}/messages {body}`: a member writes to the room. In one transaction, under
 * the room row's lock: the block and the sender's 20-a-minute limit are checked, the message is
 * stored with the database's clock (strictly later than the room's previous message), the room's
 * `last_message_at` moves, a listener's first message (or first after 24 h of silence) records
 * the store's `message_to_staff` notice — who and when, never the content — and the room and the
 * counterpart's account hear of it live once it commits. A refusal writes nothing.
 */
export async function sendMessage({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  /** `imageUrl`: a picture already through the image pipeline (send-image-message.ts); its text may be empty. */
  input: { roomId: string; body: unknown; imageUrl?: string };
}): Promise<SendMessageResult> {
  const text = typeof input.body === "string" ? input.body : "";
  const parsed =
    input.imageUrl && text.trim() === ""
      ? ({ success: true, data: "" } as const)
      : MessageBodySchema.safeParse(text);
  return db.transaction(async (tx) => {
    const access = await memberRoom(tx, actor, "room.write", input.roomId, { lock: true });
    if (!access.ok) return access;
    // Validation after access: a non-member learns nothing, not even that the body was wrong.
    if (!parsed.success)
      return {
        ok: false,
        error: "invalid",
        message: parsed.error.issues[0]?.message ?? CHAT_TEXTS.bodyRequired,
      } as const;
    const { room, counterpartId } = access;
    const [block] = await tx
      .select({ blocker_id: roomBlocks.blocker_id })
      .from(roomBlocks)
      .where(eq(roomBlocks.room_id, room.id))
      .limit(1);
    if (block) return { ok: false, error: "blocked", message: CHAT_TEXTS.blocked } as const;
    // Counted in the transaction: a refused or failed send gives its place back.
    const rate = await hitRateLimit(tx, RATE_LIMITS.chatMessagesPerSender, actor.uid);
    if (!rate.allowed)
      return {
        ok: false,
        error: "rate_limited",
        message: CHAT_TEXTS.tooMany,
        retryAfterSeconds: rate.retryAfterSeconds,
      } as const;

    const [message] = await tx
      .insert(messages)
      .values({
        message_id: randomUUID(),
        room_id: room.id,
        sender_id: actor.uid,
        body: parsed.data,
        image_url: input.imageUrl ?? null,
        created_at: sql`clock_timestamp()`,
      })
      .returning();
    if (!message) throw new Error("message insert returned nothing");
    await tx
      .update(rooms)
      .set({ last_message_at: message.created_at, updated_at: message.created_at })
      .where(eq(rooms.id, room.id));

    if (actor.uid === room.listener_id && tellsStore(room.last_message_at, message.created_at)) {
      const [staff] = await tx
        .select({ liver_id: staffs.liver_id })
        .from(staffs)
        .where(eq(staffs.uid, room.staff_id));
      if (staff)
        await recordNotification(tx, {
          kind: "message_to_staff",
          liverId: staff.liver_id,
          staffId: room.staff_id,
          listenerId: room.listener_id,
          at: message.created_at,
        });
    }

    // Topics in sorted order ("account:" < "room:"), as publish asks.
    await publish({
      db: tx,
      topic: accountTopic(counterpartId),
      type: "message",
      data: { room_id: room.id, message_id: message.message_id },
    });
    await publish({ db: tx, topic: roomTopic(room.id), type: "message", data: message });
    return { ok: true, message } as const;
  });
}
