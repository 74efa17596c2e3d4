/**
 * The operator's page of posts (`/admin/posts`, ADR 0051): where the operator marks any post 「PR」
 * or takes the label off. Its words, its filters and its one form.
 */
import { z } from "zod";
import { isAccountId } from "./admin-stores";
import { isPrTicked } from "./post-pr";

export const ADMIN_POST_TEXTS = {
  title: "投稿",
  lead: "公開中の投稿を新しい順に表示します。投稿ID・店舗ID・キャストIDで絞り込めます。報酬や依頼による広告にあたる投稿には「PR」を表示してください（操作ログに残ります）。",
  search: "投稿を検索",
  searchPlaceholder: "投稿ID・店舗ID・キャストID",
  filterLabel: "PR表示で絞り込む",
  label: "PRにする",
  unlabel: "PRを外す",
  pending: "変更中…",
  empty: "該当する投稿はありません",
  noCaption: "（本文なし）",
  unknown: "操作を読み取れませんでした。もう一度お試しください",
  notFound: "投稿が見つかりません。削除された可能性があります",
} as const;

/** `?pr=`: every public post, or only those marked PR. */
export const ADMIN_POST_FILTERS = ["all", "pr"] as const;
export type AdminPostFilter = (typeof ADMIN_POST_FILTERS)[number];
export const ADMIN_POST_FILTER_LABELS: Record<AdminPostFilter, string> = { all: "すべて", pr: "PR表示中" };

export function parseAdminPostFilter(value: string | null): AdminPostFilter {
  return value === "1" ? "pr" : "all";
}

/** What the page says after a change (`?done=`). */
export const ADMIN_POST_DONE = {
  pr_on: "投稿をPR表示にしました",
  pr_off: "投稿のPR表示を外しました",
} as const;

/** The toggle of one row: which post, and whether it is to be PR ("1") or not ("0"). */
export const PostPrLabelSchema = z.object({
  post_id: z.string().refine(isAccountId, ADMIN_POST_TEXTS.notFound),
  is_pr: z.unknown().optional().transform(isPrTicked),
});
