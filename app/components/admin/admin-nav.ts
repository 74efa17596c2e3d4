/**
 * The sections of the operator's console (contract §15), in menu order. Each later page (stores,
 * staff, reports, news, payouts, coin packs and items, remote configuration) adds its line here.
 * `badge` names a dashboard count shown next to the label.
 */
export interface AdminNavItem {
  to: string;
  label: string;
  end?: boolean;
  badge?: "newShopEntryRequests" | "newContactMessages" | "failedMails";
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "ダッシュボード", end: true },
  { to: "/admin/shop_entry", label: "掲載リクエスト", badge: "newShopEntryRequests" },
  { to: "/admin/contact", label: "お問い合わせ", badge: "newContactMessages" },
  { to: "/admin/news", label: "お知らせ" },
  { to: "/admin/mail", label: "メール送信履歴", badge: "failedMails" },
  { to: "/admin/audit", label: "操作ログ" },
];
