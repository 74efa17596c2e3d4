import { z } from "zod";
import type { AccountRole } from "./account-roles";
import { formatTokyoDate } from "./format";
import { zChoice, zLine, zMultiline } from "./text-fields";

/**
 * Official news (ADR 0027): who it is for, the operator's form and its Japanese texts, the
 * Tokyo date-time of the picker, and the plain-text body turned into safe links. Pure.
 */

export const NEWS_AUDIENCES = ["listener", "liver", "staff", "all"] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];

export const NEWS_AUDIENCE_LABELS: Record<NewsAudience, string> = {
  listener: "リスナー",
  liver: "店舗",
  staff: "キャスト",
  all: "全員",
};

/** The audiences whose news an account of `role` reads: its own, and everyone's. */
export function audiencesOf(role: AccountRole): NewsAudience[] {
  return [role, "all"];
}

export const NEWS_TITLE_MAX = 100;
export const NEWS_BODY_MAX = 5000;
/** How many news a reader's list shows (newest first). */
export const NEWS_LIST_LIMIT = 50;

export const NEWS_TEXTS = {
  title: "お知らせ",
  unread: "未読",
  empty: "お知らせはまだありません",
  emptyLead: "運営からのお知らせがここに届きます。",
  back: "お知らせ一覧へ",
  staffSection: "運営からのお知らせ",
} as const;

export const NEWS_MESSAGES = {
  audience: "配信先を選択してください",
  publishedAtRequired: "公開日時を入力してください",
  publishedAtInvalid: "公開日時を正しく入力してください",
  publishedAtPast: "予約の公開日時は現在より後の日時を指定してください",
  intent: "操作を読み取れませんでした。もう一度お試しください",
  alreadyPublished: "公開済みのお知らせは削除できません",
} as const;

/** What the operator's buttons ask for. */
export const NEWS_INTENTS = ["publish_now", "schedule", "save"] as const;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000; // Japan has no daylight saving time.

/** "2026-11-25T18:30" read as Tokyo time, or null when it is not such a date-time. */
export function tokyoLocalToDate(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  // Refuse what Date.UTC rolled over (Feb 30th, 24:00).
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(utc - TOKYO_OFFSET_MS);
}

/** A point in time as the picker's value in Tokyo time: "2026-11-25T18:30". */
export function dateToTokyoLocal(value: Date | string): string {
  return new Date(new Date(value).getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 16);
}

const isAudience = (value: string): value is NewsAudience =>
  (NEWS_AUDIENCES as readonly string[]).includes(value);

/**
 * The operator's form. `published_at` is needed only to schedule; whether it lies in the future
 * is the use case's check (it knows the time).
 */
export const NewsFormSchema = z
  .object({
    title: zLine("タイトル", NEWS_TITLE_MAX),
    body: zMultiline("本文", NEWS_BODY_MAX),
    audience: zChoice(isAudience, NEWS_MESSAGES.audience),
    send_mail: z
      .unknown()
      .optional()
      .transform((value) => value === "1" || value === "on" || value === true),
    published_at: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string()),
    intent: zChoice((v) => (NEWS_INTENTS as readonly string[]).includes(v), NEWS_MESSAGES.intent),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "schedule") return;
    if (value.published_at === "")
      ctx.addIssue({ code: "custom", path: ["published_at"], message: NEWS_MESSAGES.publishedAtRequired });
    else if (!tokyoLocalToDate(value.published_at))
      ctx.addIssue({ code: "custom", path: ["published_at"], message: NEWS_MESSAGES.publishedAtInvalid });
  });

export type NewsForm = z.output<typeof NewsFormSchema>;

/** A piece of a news body: text (escaped when rendered), a link, or a line break. */
export type BodyPart = { type: "text"; text: string } | { type: "link"; href: string } | { type: "break" };

// http(s) only; stops at white space and at characters that rarely end a URL in Japanese text.
const URL_PATTERN = /https?:\/\/[^\s<>"'「」『』（）、。\u3000]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Splits a plain-text body into text, http(s) links and line breaks. */
export function bodyParts(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  lines.forEach((line, index) => {
    if (index > 0) parts.push({ type: "break" });
    let last = 0;
    for (const match of line.matchAll(URL_PATTERN)) {
      const raw = match[0];
      const href = raw.replace(TRAILING_PUNCTUATION, "");
      const start = match.index;
      if (start > last) parts.push({ type: "text", text: line.slice(last, start) });
      if (isSafeUrl(href)) parts.push({ type: "link", href });
      else parts.push({ type: "text", text: href });
      last = start + href.length;
    }
    if (last < line.length) parts.push({ type: "text", text: line.slice(last) });
  });
  return parts;
}

function isSafeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The first line of a body, shortened, for lists. */
export function newsExcerpt(body: string, max = 60): string {
  const flat = body.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : flat;
}

/** A publication date as readers see it: "2026年11月25日" (Tokyo). */
export const formatNewsDate = formatTokyoDate;

/** The path of a reader's news page. */
export function newsPath(role: AccountRole, newsId?: string): string {
  return newsId ? `/${role}/mypage/news/${newsId}` : `/${role}/mypage/news`;
}

/** The news id of a reader's detail path (`/{role}/mypage/news/{id}`), or null. */
export function newsIdOfPath(pathname: string): string | null {
  const match = /^\/(?:listener|liver|staff)\/mypage\/news\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}
