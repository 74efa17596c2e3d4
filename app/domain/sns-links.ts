import { z } from "zod";
import type { LinkedSource } from "./posts";

/**
 * Linked Instagram / TikTok / YouTube accounts (ADR 0024 "Linked accounts"): who may own one,
 * the states a link goes through, the importer's limits and the Japanese texts of the link panel.
 */

export type SnsLinkState = "not_configured" | "not_linked" | "linked" | "broken";

/** One row of the link panel (never a token). */
export interface SnsLinkView {
  source: LinkedSource;
  label: string;
  state: SnsLinkState;
  displayName: string | null;
  lastImportAt: string | null;
  brokenAt: string | null;
}

export const SNS_LINK_OWNER_TYPES = ["staff", "liver"] as const;
export type SnsLinkOwnerType = (typeof SNS_LINK_OWNER_TYPES)[number];

export const SNS_LINK_STATUSES = ["active", "broken"] as const;

/** The first import of a new link takes at most this many of the newest media. */
export const SNS_FIRST_IMPORT_CAP = 50;
/** A later run stops after this many new media (the rest follow on the next run). */
export const SNS_RUN_IMPORT_CAP = 200;
/** Instagram long-lived tokens (60 days) are refreshed when fewer days than this are left. */
export const INSTAGRAM_REFRESH_BEFORE_MS = 7 * 24 * 3600 * 1000;
/** TikTok access tokens (2 h) are refreshed when fewer minutes than this are left. */
export const TIKTOK_REFRESH_BEFORE_MS = 10 * 60 * 1000;
/** An OAuth `state` is good for this long, once. */
export const SNS_STATE_TTL_MS = 10 * 60 * 1000;

export const SNS_SOURCE_LABELS: Record<LinkedSource, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
};

export const SNS_LINK_MESSAGES = {
  notConfigured: "この連携は現在設定されていません（運営側で接続情報が未設定です）。",
  connect: "連携する",
  reconnect: "再連携する",
  disconnect: "連携を解除する",
  notLinked: "未連携",
  linked: "連携中",
  broken: "連携が切れています",
  brokenLead: "アカウントの認証が切れたため、投稿を取り込めません。もう一度連携してください。",
  lastImport: "最終取り込み",
  neverImported: "まだ取り込まれていません（数分以内に始まります）",
  youtubeLabel: "チャンネルID・@ハンドル・チャンネルURL",
  youtubeHint: "例：@yorunavi、UCxxxxxxxx、https://www.youtube.com/@yorunavi",
  youtubeUnknown: "このチャンネルは見つかりませんでした。IDまたはハンドルをご確認ください。",
  youtubeRequired: "チャンネルID・@ハンドル・チャンネルURLを入力してください",
  youtubeTooLong: "200文字以内で入力してください",
  vendorDown: "連携先に接続できませんでした。時間をおいてもう一度お試しください。",
  stateInvalid: "連携の確認に失敗しました（有効期限切れ、または二重の送信です）。もう一度お試しください。",
  denied: "連携がキャンセルされました。",
  codeRefused: "連携先から認証を受け取れませんでした。もう一度お試しください。",
} as const;

export const SNS_LINK_PAGE_TITLE = "SNS連携";

/** The lead of the link page: where the imported posts show, and how often they come in. */
export function snsLinkPageLead(owner: SnsLinkOwnerType, intervalMin: number): string {
  const where = owner === "staff" ? "プロフィール" : "店舗ページ";
  return `Instagram・TikTok・YouTubeのアカウントを連携すると、新しい投稿が自動で${where}のSNS欄に表示されます（約${intervalMin}分ごとに取り込み）。`;
}

/** `?sns=<key>` after a redirect back to the page. */
export const SNS_LINK_DONE = {
  linked: "アカウントを連携しました。投稿は数分以内に取り込まれます。",
  unlinked: "連携を解除しました。",
  denied: SNS_LINK_MESSAGES.denied,
  state: SNS_LINK_MESSAGES.stateInvalid,
  code: SNS_LINK_MESSAGES.codeRefused,
  vendor: SNS_LINK_MESSAGES.vendorDown,
  not_configured: SNS_LINK_MESSAGES.notConfigured,
} as const;
export type SnsLinkDoneKey = keyof typeof SNS_LINK_DONE;
export const SNS_LINK_ERROR_KEYS: readonly SnsLinkDoneKey[] = [
  "denied",
  "state",
  "code",
  "vendor",
  "not_configured",
];

export const YouTubeChannelInputSchema = z.object({
  channel: z
    .string({ error: SNS_LINK_MESSAGES.youtubeRequired })
    .trim()
    .min(1, SNS_LINK_MESSAGES.youtubeRequired)
    .max(200, SNS_LINK_MESSAGES.youtubeTooLong),
});

export const SnsSourceSchema = z.enum(["instagram", "tiktok", "youtube"]);

/**
 * Where each owner manages its links, and the OAuth redirect URIs to register at the vendors
 * (`BASE_URL` + path). The store's page moves into /liver/mypage/post later; its callbacks stay.
 */
export const SNS_LINK_PAGE: Record<SnsLinkOwnerType, string> = {
  staff: "/staff/mypage/instagram",
  liver: "/liver/mypage/post",
};

export function snsCallbackPath(owner: SnsLinkOwnerType, source: "instagram" | "tiktok"): string {
  return owner === "staff"
    ? `/staff/mypage/instagram/callback/${source}`
    : `/liver/mypage/sns/callback/${source}`;
}

/** A same-site path to go back to after a form of the panel (anything else: the owner's page). */
export function safeReturnPath(owner: SnsLinkOwnerType, value: unknown): string {
  if (typeof value === "string" && value.startsWith(`/${owner}/mypage`) && !value.includes("//"))
    return value.split(/[?#]/)[0]!;
  return SNS_LINK_PAGE[owner];
}
