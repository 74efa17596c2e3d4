/**
 * The operator's console (ADR 0033): its texts, labels and the small rules its pages share.
 * Pure; the services and pages import it.
 */

export const ADMIN_MESSAGES = {
  /** One message for a wrong address, password or code: the form does not tell which was wrong. */
  login_invalid: "メールアドレス、パスワード、確認コードのいずれかが正しくありません",
  too_many_attempts: "ログインが一時的に制限されています。しばらく時間をおいてから再度お試しください。",
  code_format: "確認コードは認証アプリに表示される6桁の数字で入力してください",
  code_wrong: "確認コードが正しくありません。認証アプリに表示されている最新のコードを入力してください",
  enrolment_expired: "二段階認証の設定の有効期限が切れました。もう一度ログインからやり直してください",
  not_found: "対象が見つかりません",
  already_handled: "すでに対応済みです",
  mail_kept: "SMTP が設定されていないため、返信メールは送信履歴に保存されました（開発環境）",
} as const;

/**
 * A TOTP code as typed: full-width digits folded to ASCII (a Japanese keyboard in 全角 mode),
 * spaces and hyphens dropped ("123 456"). Valid when exactly six digits remain.
 */
export function normalizeTotpCode(input: string): string {
  return input.normalize("NFKC").replace(/[\s\-ー－]/g, "");
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** How long an operator session lasts, whatever better-auth would allow (12 hours). */
export const OPERATOR_SESSION_SECONDS = 12 * 60 * 60;
/** How long the enrolment page stays open after the password step. */
export const ENROLMENT_SECONDS = 15 * 60;

/** The two inquiry inboxes of the console. */
export const INQUIRY_KINDS = ["shop_entry", "contact"] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

/** Which inbox a path under /admin belongs to (`/admin/contact…` or `/admin/shop_entry…`). */
export function inquiryKindOfPath(pathname: string): InquiryKind {
  return pathname.startsWith("/admin/contact") ? "contact" : "shop_entry";
}

export const INQUIRY_STATUSES = ["new", "handled"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = { new: "未対応", handled: "対応済み" };

export const INQUIRY_LABELS: Record<InquiryKind, { title: string; path: string; subject: string }> = {
  shop_entry: {
    title: "掲載リクエスト",
    path: "/admin/shop_entry",
    subject: "掲載リクエストについてのご連絡",
  },
  contact: { title: "お問い合わせ", path: "/admin/contact", subject: "お問い合わせへのご回答" },
};

/** The statuses a mail of the outbox can have (today's and those of the job queue). */
/**
 * What the audit log says for each action, in Japanese: every action any use case writes has its
 * line (tests/unit/audit-log.test.ts reads the services' audit writes and fails on one without).
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "operator.create": "運営アカウントを作成",
  "operator.reset_totp": "二段階認証をリセット",
  "operator.reset_password": "パスワードを再設定",
  "login.enrolment_started": "二段階認証の設定を開始",
  "login.totp_enrolled": "二段階認証を設定してログイン",
  login: "ログイン",
  "login.failed": "ログイン失敗",
  logout: "ログアウト",
  "shop_entry.handled": "掲載リクエストを対応済みに変更",
  "shop_entry.reply": "掲載リクエストに返信",
  "contact.handled": "お問い合わせを対応済みに変更",
  "contact.reply": "お問い合わせに返信",
  "mail.resend": "メールを再送信",
  "news.create": "お知らせを作成",
  "news.update": "お知らせを編集",
  "news.delete": "お知らせを削除",
  // Stores, staff and remote configuration (ADR 0033)
  "store.suspend": "店舗を停止",
  "store.unsuspend": "店舗の停止を解除",
  "store.status": "店舗の公開状態を変更",
  "store.plan": "店舗のプランを変更",
  "store.limit_staff": "店舗のキャスト上限を変更",
  "store.order": "店舗の掲載順を変更",
  "stores.reorder": "店舗の掲載順を並べ替え",
  "store.review": "店舗を確認済みに変更",
  "staff.hide": "キャストを非表示",
  "staff.unhide": "キャストの非表示を解除",
  "staff.delete": "キャストを削除",
  "staff.reset_login": "キャストのパスワードを再設定",
  "config.update": "設定値を変更",
  "config.reset": "設定値を既定に戻す",
  "report.dismissed": "通報を対応不要として閉じる",
  "report.warned": "通報により警告する",
  // Before ADR 0039 `report.suspended` was a block; since then it is a suspension with an end.
  "report.blocked": "通報によりアカウントを無期限停止する",
  "report.suspended": "通報によりアカウントを停止する",
  "account.unblock": "アカウントの無期限停止を解除",
  "account.unsuspend": "アカウントの期間停止を解除",
  // The PR label of posts (ADR 0051)
  "post.pr_label": "投稿をPR表示に変更",
  "post.pr_unlabel": "投稿のPR表示を解除",
  // Money: payouts, the transfer account and the catalogue (ADR 0036, ADR 0053)
  "payout.approve": "出金申請を承認",
  "payout.reject": "出金申請を却下",
  "payout.export": "出金申請を振込データに追加",
  "payout.mark_paid": "出金申請を振込済みに変更",
  "payout.export_batch": "振込データを作成",
  "transfer_account.update": "振込元口座を変更",
  "coin_pack.create": "コインパックを追加",
  "coin_pack.update": "コインパックを編集",
  "coin_pack.retire": "コインパックの販売を終了",
  "coin_pack.restore": "コインパックの販売を再開",
  "coin_pack.delete": "コインパックを削除",
  "item.create": "アイテムを追加",
  "item.update": "アイテムを編集",
  "item.image": "アイテムの画像を変更",
  "item.retire": "アイテムの販売を終了",
  "item.restore": "アイテムの販売を再開",
  "item.delete": "アイテムを削除",
  // Age verification of listeners (ADR 0055)
  "age_verification.view": "年齢確認の書類を表示",
  "age_verification.approve": "年齢確認を承認",
  "age_verification.reject": "年齢確認を差し戻し",
  "age_verification.underage": "年齢確認で18歳未満と判断",
};

/** An action's Japanese words; a row of an action no longer written reads as 「その他の操作」. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? (AUDIT_ACTION_LABELS[action] as string)
    : "その他の操作";
}

/** Limits of a reply written by the operator. */
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

const TOKYO = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** A point in time as the console shows it: Tokyo time, "2026/11/25 16:05". */
export function formatAdminDateTime(value: Date | string): string {
  return TOKYO.format(new Date(value));
}

/** The list pages' filter of `?status=`: new (the default inbox), handled, or all. */
export type InquiryFilter = InquiryStatus | "all";
export function parseInquiryFilter(value: string | null): InquiryFilter {
  return value === "handled" || value === "all" ? value : "new";
}

/** `?page=` as a page number from 1; anything else is the first page. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export const ADMIN_PAGE_SIZE = 20;

/** Ids of inquiries and outbox mails are UUIDs: anything else is "not found" without a query. */
export function isRecordId(value: unknown): value is string {
  return (
    typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}
