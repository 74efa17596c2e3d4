import { z } from "zod";
import { CONTACT_REFUSAL, containsContactDetails } from "./contact-filter";

/**
 * Chat between a listener and a staff member (ADR 0029): limits, the Japanese texts and the
 * input schemas shared by the services, the JSON API and the pages. Pure. ADR 0029.
 */

export const MESSAGE_MAX_LENGTH = 1000;
export const REPORT_REASON_MAX_LENGTH = 1000;
/** ADR 0029: at most 20 messages a minute per sender. */
export const MESSAGES_PER_MINUTE = 20;
/** A room's page of messages: default and largest `limit`. */
export const MESSAGE_PAGE_DEFAULT = 30;
export const MESSAGE_PAGE_MAX = 100;
/** ADR 0025: the store hears of a listener's message in a new room or after this much silence. */
export const STAFF_NOTICE_SILENCE_MS = 24 * 60 * 60 * 1000;
/** How many of the newest messages a report keeps as its context for the operator. */
export const REPORT_CONTEXT_MESSAGES = 50;

export const CHAT_TEXTS = {
  contactRefused: CONTACT_REFUSAL,
  blockedWord: "使用できない言葉が含まれています",
  blocked: "このユーザーにはメッセージを送信できません",
  bodyRequired: "メッセージを入力してください",
  bodyTooLong: `メッセージは${MESSAGE_MAX_LENGTH.toLocaleString("ja-JP")}文字以内で入力してください`,
  tooMany: "短時間に送信できるメッセージの数を超えました。しばらくしてから再度お試しください。",
  reasonRequired: "通報の理由を入力してください",
  reasonTooLong: `通報の理由は${REPORT_REASON_MAX_LENGTH.toLocaleString("ja-JP")}文字以内で入力してください`,
  staffNotFound: "このスタッフにはメッセージを送信できません",
  staffRequired: "メッセージを送るスタッフを指定してください",
  roomNotFound: "トークルームが見つかりません",
  beforeUnknown: "指定されたメッセージはこのトークルームにありません",
  unreadable: "JSON で送信してください",
} as const;

/** Trimmed length in characters (code points, so an emoji counts once, as people count). */
export const charLength = (text: string) => [...text].length;

/** A message body: trimmed, 1–1,000 characters, no contact details. */
export const MessageBodySchema = z
  .string({ error: CHAT_TEXTS.bodyRequired })
  .transform((s) => s.trim())
  .superRefine((value, ctx) => {
    const length = charLength(value);
    if (length === 0) ctx.addIssue({ code: "custom", message: CHAT_TEXTS.bodyRequired });
    else if (length > MESSAGE_MAX_LENGTH) ctx.addIssue({ code: "custom", message: CHAT_TEXTS.bodyTooLong });
    else if (containsContactDetails(value))
      ctx.addIssue({ code: "custom", message: CHAT_TEXTS.contactRefused });
  });

export const SendMessageSchema = z.object({ body: MessageBodySchema });

/** `POST /api/rooms` `{staff_id}`: the staff member a listener writes to. */
export const OpenRoomSchema = z.object({
  staff_id: z.string({ error: CHAT_TEXTS.staffRequired }).min(1, CHAT_TEXTS.staffRequired).max(128),
});

/** `GET /api/rooms/{id}/messages?before=&limit=` (documentation of the query; the service reads it). */
export const MessagePageSchema = z.object({
  before: z
    .string()
    .optional()
    .meta({ description: "a message id of the room: the page ends just before it" }),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MESSAGE_PAGE_MAX)
    .optional()
    .meta({ description: `messages per page, default ${MESSAGE_PAGE_DEFAULT}` }),
});

export const ReportReasonSchema = z
  .string({ error: CHAT_TEXTS.reasonRequired })
  .transform((s) => s.trim())
  .superRefine((value, ctx) => {
    const length = charLength(value);
    if (length === 0) ctx.addIssue({ code: "custom", message: CHAT_TEXTS.reasonRequired });
    else if (length > REPORT_REASON_MAX_LENGTH)
      ctx.addIssue({ code: "custom", message: CHAT_TEXTS.reasonTooLong });
  });

export const ReportRoomSchema = z.object({ reason: ReportReasonSchema });

/** `limit` of a room's page: 1–100, the default when absent or not a number. */
export function clampMessageLimit(value: unknown): number {
  const text =
    typeof value === "number"
      ? String(value)
      : typeof value === "string"
        ? value.normalize("NFKC").trim()
        : "";
  if (!/^\d{1,6}$/.test(text)) return MESSAGE_PAGE_DEFAULT;
  const n = Number(text);
  return n < 1 ? MESSAGE_PAGE_DEFAULT : Math.min(n, MESSAGE_PAGE_MAX);
}

/**
 * Whether a listener's message tells the staff member's store (ADR 0025): the first message of
 * the room, or the first after 24 h of silence (`lastMessageAt` is the room's newest message
 * before this one, from either side).
 */
export function tellsStore(lastMessageAt: Date | null, now: Date): boolean {
  return lastMessageAt === null || now.getTime() - lastMessageAt.getTime() >= STAFF_NOTICE_SILENCE_MS;
}

/** The realtime topic of a room (`room:<id>`, ADR 0018). */
export const roomTopic = (roomId: string) => `room:${roomId}`;
