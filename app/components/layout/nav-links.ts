/** Link lists of the header menu and the footer: one place, so wording can be reviewed. */
export const INFORMATION_LINKS = [
  { to: "/coupons", label: "クーポン" },
  { to: "/about", label: "ヨルナビについて" },
  { to: "/service/listener", label: "ユーザーの方へ" },
  { to: "/service/liver", label: "店舗掲載をお考えの方へ" },
  { to: "/shop_entry", label: "掲載リクエスト" },
  { to: "/faq", label: "よくある質問" },
  { to: "/account", label: "アカウントについて" },
  { to: "/messages", label: "メッセージのルール" },
  { to: "/contact", label: "お問い合わせ" },
] as const;

export const LEGAL_LINKS = [
  { to: "/terms", label: "利用規約" },
  { to: "/terms-store", label: "店舗利用規約" },
  { to: "/privacy-policy", label: "プライバシーポリシー" },
  { to: "/specified-commercial", label: "特定商取引法に基づく表記" },
] as const;

export const LOGIN_LINKS = [
  { to: "/listener/login", label: "ユーザーログイン", register: "/listener/registration" },
  { to: "/liver/login", label: "店舗ログイン", register: "/liver/registration" },
  { to: "/staff/login", label: "キャストログイン", register: null },
] as const;

export type ViewerType = "listener" | "liver" | "staff" | "operator";

export interface Viewer {
  type: ViewerType;
  name: string;
  /** Unread chat messages (listeners and staff), shown on the header's mypage link. */
  unreadMessages?: number;
}

export const MYPAGE_LABEL: Record<ViewerType, string> = {
  listener: "マイページ",
  liver: "店舗管理",
  staff: "キャストページ",
  operator: "管理画面",
};

/** Where the header's account link goes for each kind of account. */
export const MYPAGE_PATH: Record<ViewerType, string> = {
  listener: "/listener/mypage",
  liver: "/liver/mypage",
  staff: "/staff/mypage",
  operator: "/admin",
};

/** The page that leads to every login and registration (docs/product.md `/login`). */
export const LOGIN_HUB = { to: "/login", label: "ログイン・新規登録の一覧" } as const;
