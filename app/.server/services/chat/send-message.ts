import { eq } from "drizzle-orm";
import { AGE_VERIFICATION_TEXTS } from "~/domain/age-verification";
import { containsBlockedWord } from "~/domain/blocked-words";
import { CHAT_TEXTS, MessageBodySchema, tellsStore } from "~/domain/chat";
import { messageExcerpt } from "~/domain/in-app-notifications";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Message, roomBlocks, staffs } from "../../db/schema";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { mustVerifyAge } from "../age-verification/age-verification-state";
import { blockedWordRules } from "../moderation/blocked-word-rules";
import { recordNotification } from "../notifications/record-notification";
import { memberRoom } from "./room-access";
import { writeMessage } from "./write-message";

export type SendMessageResult =
  | { ok: true; message: Message }
  | { ok: false; error: "not_found" }
  /** The body is empty, too long, carries contact details or a blocked word: `message` is the Japanese text. */
  | { ok: false; error: "invalid"; message: string }
  /** A listener whose age is not verified while the operator requires it (ADR 0055). */
  | { ok: false; error: "age_verification"; message: string }
  /** A block stands between the two members (either way, ADR 0029). */
  | { ok: false; error: "blocked"; message: string }
  | { ok: false; error: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * `POST /api/rooms/{id}/messages {body}`: a member writes to the room. In one transaction, under
 * the room row's lock: the block and the sender's 20-a-minute limit are checked, the message is
 * stored with the database's clock (strictly later than the room's previous message), the room's
 * `last_message_at` moves, a listener's first message (or first after 24 h of silence) records
 * the store's `message_to_staff` notice — who and when, never the content — every message records
 * the other member's `chat_message` notice (her in-app line, ADR 0044), and the room and the
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
  const blockedWords = await blockedWordRules(db);
  const ageRefused = await mustVerifyAge(db, actor);
  return db.transaction(async (tx) => {
    const access = await memberRoom(tx, actor, "room.write", input.roomId, { lock: true });
    if (!access.ok) return access;
    // Validation after access: a non-member learns nothing, not even that the body was wrong.
    if (ageRefused)
      return { ok: false, error: "age_verification", message: AGE_VERIFICATION_TEXTS.required } as const;
    if (!parsed.success)
      return {
        ok: false,
        error: "invalid",
        message: parsed.error.issues[0]?.message ?? CHAT_TEXTS.bodyRequired,
      } as const;
    if (containsBlockedWord(parsed.data, blockedWords))
      return { ok: false, error: "invalid", message: CHAT_TEXTS.blockedWord } as const;
    const { room } = access;
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

    const message = await writeMessage(
      tx,
      room,
      actor.uid,
      { body: parsed.data, image_url: input.imageUrl ?? null },
      async (written) => {
        // The other member hears of every message: her in-app line and push (ADR 0044).
        await recordNotification(tx, {
          kind: "chat_message",
          roomId: room.id,
          messageId: written.message_id,
          listenerId: room.listener_id,
          staffId: room.staff_id,
          from: actor.uid === room.listener_id ? "listener" : "staff",
          excerpt: messageExcerpt(parsed.data),
          picture: Boolean(input.imageUrl),
          at: written.created_at,
        });
        if (actor.uid !== room.listener_id || !tellsStore(room.last_message_at, written.created_at)) return;
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
            at: written.created_at,
          });
      },
    );
    return { ok: true, message } as const;
  });
}
