/**
 * The sections of the operator's console (ADR 0033), in menu order. Each later page (reports,
 * payouts, coin packs and items) adds its line here. `badge` names a count of the dashboard's
 * providers (services/dashboard/dashboard-providers.ts, `key`) shown next to the label.
 */
export interface AdminNavItem {
  to: string;
  label: string;
  end?: boolean;
  badge?: string;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "ダッシュボード", end: true },
  // Reports from chat rooms and live comments (ADR 0033, ADR 0030)
  { to: "/admin/reports", label: "通報", badge: "openReports" },
  // Blocks and suspensions of accounts (ADR 0033, ADR 0039)
  { to: "/admin/accounts/suspensions", label: "利用停止" },
  // Listeners' identity documents (ADR 0055)
  { to: "/admin/age-verifications", label: "年齢確認", badge: "pendingAgeVerifications" },
  // Stores and their performers (ADR 0033)
  { to: "/admin/stores", label: "店舗", badge: "storesAwaitingReview" },
  { to: "/admin/staff", label: "キャスト" },
  // The PR label of posts (ADR 0051)
  { to: "/admin/posts", label: "投稿" },
  { to: "/admin/shop_entry", label: "掲載リクエスト", badge: "newShopEntryRequests" },
  { to: "/admin/contact", label: "お問い合わせ", badge: "newContactMessages" },
  { to: "/admin/news", label: "お知らせ" },
  { to: "/admin/mail", label: "メール送信履歴", badge: "failedMails" },
  { to: "/admin/audit", label: "操作ログ" },
  // Remote configuration (ADR 0033)
  { to: "/admin/config", label: "設定値" },
  // Money (ADR 0033, ADR 0036)
  { to: "/admin/payouts", label: "出金申請", badge: "payoutsDue" },
  { to: "/admin/settings/transfer", label: "振込元口座" },
  { to: "/admin/coin-packs", label: "コインパック" },
  { to: "/admin/items", label: "アイテム" },
];
