/**
 * Who can suspend a store (ADR 0033 `suspended`: hidden by the operator). Each source lifts
 * only its own suspension; the store is listed again when none is left (ADR 0033).
 *
 * - `operator`: the operator's console, with a reason mailed to the store;
 * - `billing`: an unpaid plan after its grace period (ADR 0032), lifted when paid.
 */
export const STORE_SUSPENSION_SOURCES = ["operator", "billing"] as const;
export type StoreSuspensionSource = (typeof STORE_SUSPENSION_SOURCES)[number];

export const STORE_SUSPENSION_SOURCE_LABELS: Record<StoreSuspensionSource, string> = {
  operator: "運営による停止",
  billing: "お支払いの未完了による停止",
};

/**
 * The banner of the store's dashboard while it is suspended (ADR 0053): why, and what to do. The
 * operator's reason is the one mailed to the store; billing's is said in words of its own.
 */
export const STORE_SUSPENSION_BANNER = {
  title: "現在、店舗の掲載を停止しています",
  lead: "店舗ページと在籍キャストは、検索結果や一覧に表示されていません。",
  operator: "運営により掲載を停止しました。",
  operatorNext: "内容を修正したうえで、お問い合わせからご連絡ください。",
  billing:
    "プラン料金のお支払いが確認できないため、掲載を停止しています。お支払いが確認されると自動で掲載を再開します。",
  unknown: "掲載を停止しています。詳しくはお問い合わせください。",
  since: "停止日時",
  reason: "理由",
  contact: "お問い合わせ",
  payment: "お支払い情報を確認する",
} as const;
