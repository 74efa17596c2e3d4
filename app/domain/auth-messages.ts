import type { AccountRole } from "./account-roles";
import { formatTokyoDateTime } from "./format";

/** The exact texts of ADR 0007, keyed by the error the account services return. */
export const AUTH_MESSAGES = {
  email_taken:
    "このメールアドレスは既に登録されているため、アカウントを作成できませんでした。別のメールアドレスをご利用ください。",
  wrong_password: "パスワードが間違っています",
  unknown_email: "メールアドレスが間違っています",
  unknown_login_id: "ログインIDが間違っています",
  too_many_attempts:
    "ログインが一時的に制限されています。しばらく時間をおいてから再度お試しいただくか、パスワードをお忘れの方からパスワードを再設定してください。",
  not_verified: "メールアドレスの認証が完了していません",
  login_failed: "ログインに失敗しました",
  suspended: "このアカウントは利用停止中です。お問い合わせフォームからご連絡ください",
  staff_limit: "登録できるスタッフ数の上限に達しています",
  too_many_requests:
    "短時間に操作が繰り返されたため、一時的に制限しています。しばらく時間をおいてから再度お試しください。",
  reset_token_invalid:
    "このリンクは無効か、有効期限（1時間）が切れています。もう一度パスワード再設定をお申し込みください。",
  verify_token_invalid:
    "認証リンクが無効か、有効期限が切れています。ログイン画面から認証メールを再送信してください。",
} as const;

export type SignInError =
  | "wrong_password"
  | "unknown_account"
  | "too_many_attempts"
  | "not_verified"
  | "suspended"
  | "login_failed";

/** The message of a sign-in error; "no such account" names the login ID for staff. */
export function signInMessage(error: SignInError, role: AccountRole, until?: Date): string {
  if (error === "unknown_account")
    return role === "staff" ? AUTH_MESSAGES.unknown_login_id : AUTH_MESSAGES.unknown_email;
  // A suspension says when it ends (Tokyo time); a block has no end.
  if (error === "suspended" && until)
    return `このアカウントは${formatTokyoDateTime(until)}まで利用停止中です。お問い合わせフォームからご連絡ください`;
  return AUTH_MESSAGES[error];
}
