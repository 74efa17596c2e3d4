import { messagesPath } from "./chat-paths";
import { liveWatchPath } from "./live-paths";
import { BELL_TEXTS } from "./notification-bell";
import { REPORT_TEXTS, type ReportOutcome } from "./reports";

/**
 * In-app notifications (ADR 0044, docs/decisions/0044-in-app-notifications.md): the kinds a
 * user sees in her list, which recorded event becomes which kind for whom, and the Japanese words
 * of each line. Pure and isomorphic: the fan-out renders a line once and stores it; the pages and
 * the bell read the same texts.
 */

export const IN_APP_KINDS = [
  "message",
  "gift",
  "follow",
  "live",
  "post",
  "shift",
  "news",
  "payout",
  "report",
  "age_verification",
] as const;
export type InAppKind = (typeof IN_APP_KINDS)[number];

/** Who has a list: every role with a mypage. */
export const IN_APP_RECIPIENT_TYPES = ["listener", "liver", "staff"] as const;
export type InAppRecipientType = (typeof IN_APP_RECIPIENT_TYPES)[number];

/** A page of the list. */
export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;
/** A message's text as shown in a notification (the rest is in the room). */
export const MESSAGE_EXCERPT_MAX = 60;

/** `limit` as asked: absent or not a whole number 1–50 → the default. */
export function clampNotificationLimit(value: unknown): number {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= NOTIFICATION_PAGE_MAX ? n : NOTIFICATION_PAGE_DEFAULT;
}

/** A message as its notification shows it: one line, at most 60 characters with "…". */
export function messageExcerpt(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length > MESSAGE_EXCERPT_MAX ? `${chars.slice(0, MESSAGE_EXCERPT_MAX - 1).join("")}…` : line;
}

/** One line of the list as stored: what it says and where it goes. */
export interface InAppLine {
  kind: InAppKind;
  title: string;
  body: string;
  url: string;
  /** Lines of one group replace the recipient's unread one (a conversation: one line per room). */
  group: string | null;
}

/** What the fan-out knows of an event (names resolved once), for the lines of its recipients. */
export type InAppSource =
  | { kind: "following_live"; actor: string; author: { type: "staff" | "liver"; id: string } }
  | {
      kind: "following_instagram" | "following_tiktok";
      actor: string;
      author: { type: "staff" | "liver"; id: string };
    }
  | { kind: "official_information"; title: string; newsId: string }
  | { kind: "message_to_staff"; listener: string; staff: string }
  | { kind: "item_to_staff"; listener: string; staff: string; item: string }
  | { kind: "new_follower"; listener: string; target: "staff" | "liver" }
  | { kind: "payout_step"; step: "approved" | "rejected" | "paid"; netYen: number }
  | { kind: "report_outcome"; outcome: ReportOutcome; reporter: "listener" | "staff" }
  | { kind: "age_verification"; decision: "verified" | "rejected" }
  /** The daily summary: its words are each listener's own (`shiftSummaryText`). */
  | { kind: "shift_summary" }
  | {
      kind: "chat_message";
      /** Who wrote, as the reader knows her (the listener's nickname or the staff member's name). */
      from: string;
      roomId: string;
      excerpt: string;
      picture: boolean;
    };

const PAYOUT_TITLES = {
  approved: "振込申請が承認されました",
  rejected: "振込申請が却下されました。ポイントは戻っています",
  paid: "振込が完了しました",
} as const;
const san = (name: string) => (name.trim() ? `${name.trim()}さん` : "ゲストさん");
const SNS = { following_instagram: "Instagram", following_tiktok: "TikTok" } as const;

/** The line an event makes for one recipient type; null when that type is not told of it. */
export function inAppLine(source: InAppSource, to: InAppRecipientType): InAppLine | null {
  switch (source.kind) {
    case "following_live":
      if (to !== "listener") return null;
      return {
        kind: "live",
        title: `${source.actor}がライブ配信を始めました`,
        body: "タップして視聴する",
        url: liveWatchPath(source.author.id),
        group: null,
      };
    case "following_instagram":
    case "following_tiktok":
      if (to !== "listener") return null;
      return {
        kind: "post",
        title: `${source.actor}が${SNS[source.kind]}に新しい投稿をしました`,
        body: "タップして投稿を見る",
        url: `/listener/${source.author.type}/${encodeURIComponent(source.author.id)}/sns`,
        group: null,
      };
    case "official_information":
      return {
        kind: "news",
        title: `お知らせ：${source.title}`,
        body: "運営からのお知らせです",
        url: `/${to}/mypage/news/${encodeURIComponent(source.newsId)}`,
        group: null,
      };
    case "message_to_staff":
      // The store hears of a conversation starting (or waking after 24 h); its staff member hears
      // of every message through `chat_message`.
      if (to !== "liver") return null;
      return {
        kind: "message",
        title: `${san(source.listener)}から${source.staff}にメッセージが届きました`,
        body: "スタッフのメッセージはスタッフのマイページで確認できます",
        url: "/liver/mypage",
        group: null,
      };
    case "item_to_staff":
      if (to === "listener") return null;
      return {
        kind: "gift",
        title:
          to === "staff"
            ? `${san(source.listener)}から「${source.item}」が届きました`
            : `${san(source.listener)}から${source.staff}に「${source.item}」が届きました`,
        body: to === "staff" ? "ありがとうを伝えましょう" : "アイテムはマイページで確認できます",
        url: to === "staff" ? "/staff/mypage/item" : "/liver/mypage/item",
        group: null,
      };
    case "new_follower":
      if (to !== source.target) return null;
      return {
        kind: "follow",
        title: `${san(source.listener)}があなたをフォローしました`,
        body: "フォロワーが増えました",
        url: `/${to}/mypage`,
        group: null,
      };
    case "payout_step":
      if (to !== "liver") return null;
      return {
        kind: "payout",
        title: PAYOUT_TITLES[source.step],
        body: `振込額 ${source.netYen.toLocaleString("ja-JP")}円`,
        url: "/liver/mypage/item",
        group: null,
      };
    case "report_outcome":
      if (to !== source.reporter) return null;
      return {
        kind: "report",
        title: "通報への対応が完了しました",
        body: `対応の結果：${REPORT_TEXTS.outcome[source.outcome]}`,
        url: `/${to}/mypage`,
        group: null,
      };
    case "age_verification":
      if (to !== "listener") return null;
      return {
        kind: "age_verification",
        title: source.decision === "verified" ? "年齢確認が完了しました" : "年齢確認ができませんでした",
        body:
          source.decision === "verified"
            ? "メッセージを送れるようになりました"
            : "理由を確認して、もう一度お送りください",
        url: "/listener/mypage/age-verification",
        group: null,
      };
    case "shift_summary":
      if (to !== "listener") return null;
      return { kind: "shift", title: "本日出勤", body: "", url: "/listener/mypage", group: null };
    case "chat_message":
      if (to === "liver") return null;
      return {
        kind: "message",
        title: to === "staff" ? `${san(source.from)}からメッセージ` : `${source.from}からメッセージ`,
        body: source.picture && !source.excerpt ? "画像が届きました" : source.excerpt,
        url: messagesPath(to, source.roomId),
        group: `room:${source.roomId}`,
      };
  }
}

/** Names shown in a shift summary's title before 「ほかN人」. */
export const SHIFT_SUMMARY_NAMES = 3;

/** A listener's daily summary of the followed performers on shift today (ADR 0045). */
export function shiftSummaryText(names: readonly string[]): { title: string; body: string } {
  const shown = names.slice(0, SHIFT_SUMMARY_NAMES).map(san).join("、");
  const more = names.length - SHIFT_SUMMARY_NAMES;
  return {
    title: `本日出勤：${shown}${more > 0 ? ` ほか${more}人` : ""}`,
    body: `フォロー中の${names.length}人が今日出勤します`,
  };
}

/** The wording of the list pages and the bell. */
export const NOTIFICATION_TEXTS = {
  title: "通知",
  ...BELL_TEXTS,
  empty: "まだ通知はありません",
  emptyLead: "フォロー中の配信や投稿、メッセージやギフトが届くとここに表示されます。",
  markAll: "すべて既読にする",
  markedAll: "すべて既読にしました",
  unread: "未読",
  older: "さらに表示",
  invalidIds: "既読にする通知を指定してください",
  kinds: {
    message: "メッセージ",
    gift: "ギフト",
    follow: "フォロー",
    live: "ライブ",
    post: "投稿",
    shift: "出勤",
    news: "お知らせ",
    payout: "振込",
    report: "通報",
    age_verification: "年齢確認",
  } satisfies Record<InAppKind, string>,
} as const;
