import type { AccountRole } from "~/domain/account-roles";

export interface MypageNavItem {
  to: string;
  label: string;
  /** Active only on exactly this path (the home of the area). */
  end?: boolean;
  /** A count shown next to the label (the layout loads it). */
  badge?: "unreadNews" | "unreadMessages";
}

/**
 * The sections of each mypage area, in menu order: one place per role, so each feature adds its
 * page here and the wording can be reviewed together.
 */
export const MYPAGE_NAV: Record<AccountRole, readonly MypageNavItem[]> = {
  listener: [
    { to: "/listener/mypage", label: "ホーム", end: true },
    { to: "/listener/mypage/follow", label: "フォロー中", end: true },
    { to: "/listener/mypage/follow/sns", label: "フォロー中の投稿" },
    { to: "/listener/mypage/message", label: "メッセージ", badge: "unreadMessages" },
    { to: "/listener/mypage/profile", label: "相性診断" },
    { to: "/listener/mypage/age-verification", label: "年齢確認" },
    { to: "/listener/coin", label: "コイン" },
    { to: "/listener/mypage/purchase", label: "アイテム購入" },
    { to: "/listener/mypage/history", label: "購入・利用履歴" },
    { to: "/listener/mypage/payment", label: "お支払い方法" },
    { to: "/listener/mypage/news", label: "お知らせ", badge: "unreadNews" },
    { to: "/listener/mypage/setting", label: "設定" },
  ],
  liver: [
    { to: "/liver/mypage", label: "ダッシュボード", end: true },
    { to: "/liver/mypage/profile", label: "店舗情報" },
    { to: "/liver/mypage/staff", label: "キャスト管理" },
    { to: "/liver/mypage/post", label: "投稿" },
    { to: "/liver/mypage/price", label: "料金システム" },
    { to: "/liver/mypage/coupons", label: "クーポン" },
    { to: "/liver/mypage/lives", label: "配信の記録" },
    { to: "/liver/mypage/fans", label: "ファン" },
    { to: "/liver/mypage/item", label: "アイテム・換金" },
    { to: "/liver/mypage/payment", label: "プラン・お支払い" },
    { to: "/liver/mypage/news", label: "お知らせ", badge: "unreadNews" },
    { to: "/liver/mypage/setting", label: "設定" },
    { to: "/liver/mypage/manual", label: "マニュアル" },
  ],
  staff: [
    { to: "/staff/mypage", label: "ホーム", end: true },
    { to: "/staff/mypage/message", label: "メッセージ", badge: "unreadMessages" },
    { to: "/staff/mypage/profile", label: "プロフィール" },
    { to: "/staff/mypage/post", label: "投稿" },
    { to: "/staff/mypage/schedule", label: "出勤スケジュール" },
    { to: "/staff/mypage/instagram", label: "SNS連携" },
    { to: "/staff/mypage/lives", label: "配信の記録" },
    { to: "/staff/mypage/fans", label: "ファン" },
    { to: "/staff/mypage/item", label: "受け取ったアイテム" },
    { to: "/staff/mypage/setting", label: "設定" },
    { to: "/staff/mypage/manual", label: "マニュアル" },
  ],
};
