/**
 * The feeds' URL helpers and labels the pages' scripts need (ADR 0024 "Pages"): source tabs (the
 * sorts are named by search-query.ts's SORT_LABELS, as everywhere). No zod here (see
 * feed-search.ts for the parser), so the browser bundle stays small.
 */
import type { PostSource } from "./posts";

/** The source tabs of a feed, in order; `all` is no `source` parameter. */
export const FEED_TABS = ["all", "instagram", "tiktok", "live", "youtube", "native"] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export const FEED_TAB_LABELS: Record<FeedTab, string> = {
  all: "すべて",
  instagram: "Instagram",
  tiktok: "TikTok",
  live: "ライブ",
  youtube: "YouTube",
  native: "投稿",
};

export const SOURCE_LABELS: Record<PostSource, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  live: "ライブ",
  native: "投稿",
};

/** The tab a list of sources shows as selected: one source is its tab, anything else is すべて. */
export function tabOfSources(sources: readonly PostSource[]): FeedTab {
  return sources.length === 1 ? (sources[0] as FeedTab) : "all";
}

/** The feed texts (Japanese, one place). */
export const FEED_TEXTS = {
  empty: "まだ投稿がありません",
  emptyFiltered: "条件に合う投稿が見つかりませんでした",
  followEmpty: "フォロー中のキャストや店舗の投稿はまだありません",
  followEmptyHint: "気になるキャストや店舗をフォローすると、ここに新しい投稿が届きます。",
  findStaff: "キャストを探す",
  findStores: "店舗を探す",
  followingSignedOut: "フォロー中の投稿を見るにはログインしてください",
  followingListenerOnly: "フォロー中の投稿はユーザーのみご覧いただけます",
  more: "もっと見る",
  less: "閉じる",
  seeAllPosts: "投稿をすべて見る",
  latestPosts: "最新の投稿",
  openOriginal: (source: string) => `${source}で見る`,
  play: "再生する",
  live: "ライブを見る",
} as const;
