import { z } from "zod";
import { type BlockedWordRules, containsBlockedWord } from "./blocked-words";
import { charLength } from "./chat";
import { CONTACT_REFUSAL, containsContactDetails } from "./contact-filter";
import { enumParam, pagingShape } from "./query-params";

/**
 * Live streaming (ADR 0031): limits, the Japanese texts, the input schemas shared by the
 * services, the JSON API and the pages, the realtime event shapes and the pure rules (blocked
 * words, elapsed time). ADR 0031.
 */

export const LIVE_TITLE_MAX = 50;
export const LIVE_COMMENT_MAX = 200;
/** ADR 0031: one comment per 2 s per viewer. */
export const LIVE_COMMENT_INTERVAL_SECONDS = 2;
/** The server ends a live whose broadcaster has not been heard of for this long (ADR 0031). */
export const BROADCASTER_GONE_MS = 30_000;
/** The broadcaster panel says it is still there this often (well inside BROADCASTER_GONE_MS). */
export const BROADCASTER_HEARTBEAT_MS = 10_000;
/** A viewer says it is still watching this often; a viewer silent for VIEWER_GONE_MS is gone. */
export const VIEWER_HEARTBEAT_MS = 15_000;
export const VIEWER_GONE_MS = 40_000;
/** Comments a live page shows when it opens (newest, in order); later ones arrive live. */
export const LIVE_COMMENTS_SHOWN = 100;
/** Comments before and after the reported one kept with a report, for the operator. */
export const REPORT_NEIGHBOURS = 10;
export const LIVE_REPORT_REASON_MAX = 1000;

export const LIVE_STATUSES = ["live", "ended"] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const BROADCASTER_TYPES = ["staff", "liver"] as const;
export type BroadcasterType = (typeof BROADCASTER_TYPES)[number];
/** Why a live ended: the broadcaster (or their store) pressed 配信終了, or the server timed it out. */
export const LIVE_END_REASONS = ["broadcaster", "store", "timeout", "media"] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

export const LIVE_TEXTS = {
  notLive: "現在配信していません",
  full: "満員です",
  fullLead: "ただいま視聴できる人数の上限に達しています。しばらくしてからもう一度お試しください。",
  ended: "配信は終了しました",
  titleRequired: "タイトルを入力してください",
  titleTooLong: `タイトルは${LIVE_TITLE_MAX}文字以内で入力してください`,
  commentRequired: "コメントを入力してください",
  commentTooLong: `コメントは${LIVE_COMMENT_MAX}文字以内で入力してください`,
  commentContact: CONTACT_REFUSAL.replace("メッセージ", "コメント"),
  commentBlockedWord: "使用できない言葉が含まれています",
  commentTooFast: `コメントは${LIVE_COMMENT_INTERVAL_SECONDS}秒に1回まで送信できます`,
  commentBlocked: "この配信ではコメントできません",
  liveNotFound: "配信が見つかりません",
  commentNotFound: "コメントが見つかりません",
  pinRequired: "ピン留めするコメントを指定してください",
  notListed: "掲載中のアカウントだけが配信できます",
  reasonRequired: "通報の理由を入力してください",
  reasonTooLong: `通報の理由は${LIVE_REPORT_REASON_MAX.toLocaleString("ja-JP")}文字以内で入力してください`,
  listenerRequired: "ブロックするリスナーを指定してください",
  unreadable: "JSON で送信してください",
  sdpRequired: "接続情報（SDP）がありません",
  viewerUnknown: "視聴の受付が見つかりません。ページを読み込み直してください",
  mediaUnavailable: "映像の中継を開始できませんでした。しばらくしてからもう一度お試しください",
  mediaReplaced: "この接続は新しい接続に切り替わりました",
} as const;

/** `POST /api/lives` `{title}`. */
export const StartLiveSchema = z.object({
  title: z
    .string({ error: LIVE_TITLE_MAX ? LIVE_TEXTS.titleRequired : "" })
    .transform((s) => s.trim())
    .superRefine((value, ctx) => {
      const length = charLength(value);
      if (length === 0) ctx.addIssue({ code: "custom", message: LIVE_TEXTS.titleRequired });
      else if (length > LIVE_TITLE_MAX) ctx.addIssue({ code: "custom", message: LIVE_TEXTS.titleTooLong });
    })
    .meta({ description: `1–${LIVE_TITLE_MAX} characters` }),
});

/**
 * A comment body: trimmed, 1–200 characters, no contact details (the chat's filter, ADR 0029), none of
 * the blocked words as whole words (configuration, `liveSettings()`, domain/blocked-words.ts). Built
 * per call because the words can change.
 */
export function commentBodySchema(blockedWords: BlockedWordRules) {
  return z
    .string({ error: LIVE_TEXTS.commentRequired })
    .transform((s) => s.trim())
    .superRefine((value, ctx) => {
      const length = charLength(value);
      if (length === 0) ctx.addIssue({ code: "custom", message: LIVE_TEXTS.commentRequired });
      else if (length > LIVE_COMMENT_MAX)
        ctx.addIssue({ code: "custom", message: LIVE_TEXTS.commentTooLong });
      else if (containsContactDetails(value))
        ctx.addIssue({ code: "custom", message: LIVE_TEXTS.commentContact });
      else if (containsBlockedWord(value, blockedWords))
        ctx.addIssue({ code: "custom", message: LIVE_TEXTS.commentBlockedWord });
    });
}

/** The documented shape of `POST /api/lives/{id}/comments` (the use case applies the rules). */
export const PostCommentSchema = z.object({
  body: z
    .string()
    .meta({ description: `1–${LIVE_COMMENT_MAX} characters; contact details and blocked words refused` }),
});

export const ReportCommentSchema = z.object({
  reason: z.string().meta({ description: `1–${LIVE_REPORT_REASON_MAX} characters` }),
});

export const LiveReportReasonSchema = z
  .string({ error: LIVE_TEXTS.reasonRequired })
  .transform((s) => s.trim())
  .superRefine((value, ctx) => {
    const length = charLength(value);
    if (length === 0) ctx.addIssue({ code: "custom", message: LIVE_TEXTS.reasonRequired });
    else if (length > LIVE_REPORT_REASON_MAX)
      ctx.addIssue({ code: "custom", message: LIVE_TEXTS.reasonTooLong });
  });

export const BlockViewerSchema = z.object({
  listener_id: z.string({ error: LIVE_TEXTS.listenerRequired }).min(1, LIVE_TEXTS.listenerRequired).max(128),
});

/** 「12:34」 or 「1:02:03」 for a live's running time. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The realtime topic of a live (ADR 0018): `live:<live_id>`. */
export const liveTopic = (liveId: string) => `live:${liveId}`;

export { liveWatchPath } from "./live-paths";

// ——— Realtime events of `live:<live_id>` (ADR 0031) ———

export interface LiveCommentEvent {
  comment_id: string;
  live_id: string;
  /** A listener's comment, or the broadcaster's own (shown with 「配信者」, ADR 0043). */
  author: "listener" | "broadcaster";
  /** The listener who wrote it; null for the broadcaster's. */
  listener_id: string | null;
  nickname: string;
  body: string;
  /** The writer's fan level for this broadcaster when written (0: none, and the broadcaster). */
  fan_level: number;
  created_at: string;
}

export interface LiveViewersEvent {
  count: number;
  peak: number;
}

export interface LiveEndedEvent {
  live_id: string;
  ended_at: string;
  viewer_peak: number;
  comment_count: number;
}

/**
 * A gift shown in a live (ADR 0032, 0043): published on `live:<live_id>` as event `gift` when a
 * listener gifts during the live. The page shows it as a line of the comment stream and animates
 * it by its tier; sends of one combo share `combo.id` and count up `combo.count` (×N).
 */
export interface LiveGiftEvent {
  gift_id: string;
  item: { item_id: string; name: string; image_url: string; animation_url: string };
  quantity: number;
  combo: { id: string; count: number };
  /** 1 banner, 2 overlay, 3 full screen (domain/gifts.ts). */
  tier: 1 | 2 | 3;
  /** The gift's worth in coins and in the store's points. */
  coins: number;
  points: number;
  from: { listener_id: string; nickname: string; fan_level: number };
  to: { type: "staff" | "liver"; id: string; name: string };
  created_at: string;
}

/** A gift event as it came off the wire, or null when it is not one (the page ignores it then). */
export function readGiftEvent(data: unknown): LiveGiftEvent | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Partial<LiveGiftEvent>;
  if (typeof d.gift_id !== "string" || !d.item || typeof d.item.name !== "string") return null;
  if (!d.from || typeof d.from.nickname !== "string" || !d.to || typeof d.to.name !== "string") return null;
  const whole = (n: unknown, min: number) =>
    typeof n === "number" && Number.isFinite(n) ? Math.max(min, Math.floor(n)) : min;
  const quantity = whole(d.quantity, 1);
  const tier = d.tier === 2 || d.tier === 3 ? d.tier : 1;
  return {
    ...(d as LiveGiftEvent),
    item: { ...d.item, animation_url: typeof d.item.animation_url === "string" ? d.item.animation_url : "" },
    quantity,
    tier,
    combo: {
      id: typeof d.combo?.id === "string" ? d.combo.id : d.gift_id,
      count: Math.max(quantity, whole(d.combo?.count, quantity)),
    },
    coins: whole(d.coins, 0),
    points: whole(d.points, 0),
    from: { ...d.from, fan_level: whole(d.from.fan_level, 0) },
  };
}

/** `ranking`: the live's top 20 supporters after a gift moved them (ADR 0043). */
export interface LiveRankingEvent {
  items: {
    rank: number;
    listener: { nickname: string; image_url: string | null; fan_level: number };
    coins: number;
  }[];
}

/** `pin`: the comment pinned at the top for everyone, or null when it was taken down. */
export interface LivePinEvent {
  comment: LiveCommentEvent | null;
}

/** `fan-level`: a listener's level for this broadcaster rose (her page congratulates her). */
export interface LiveFanLevelEvent {
  listener_id: string;
  level: number;
}

/** The nickname shown for a listener without one (as in chat). */
export const GUEST_NICKNAME = "ゲスト";

/** `GET /api/lives?status=&page=&pageSize=`: who is live now (default), or ended lives. */
export const LiveListSchema = z.object({
  status: enumParam("status", LIVE_STATUSES, { default: "live" })
    .meta({ description: "live (default): who is live now; ended: past lives, newest first" })
    .transform((v) => v ?? "live"),
  ...pagingShape,
});
export type LiveListQuery = z.output<typeof LiveListSchema>;
