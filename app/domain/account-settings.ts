import { z } from "zod";
import { AUTH_MESSAGES } from "./auth-messages";
import { BANK_ACCOUNT_MESSAGES, BankAccountSchema, PLAN_MESSAGES } from "./bank-account";
import { ANONYMOUS_LISTENER } from "./fans";
import { NICKNAME_MAX } from "./listener-registration";
import { TAX_STATUS_TEXTS } from "./store-tax-status";
import { TEXT_FIELD_MESSAGES } from "./text-fields";
import { messages, zEmail, zPassword } from "./validators";

/**
 * The account settings forms (ADR 0007): schemas shared by the setting pages and the account
 * services, the labels of the mail_setting flags (docs/product.md) and the pages' wording.
 */

export const LISTENER_MAIL_SETTINGS = [
  { value: "following_live", label: "フォロー中のライブ配信" },
  { value: "following_instagram", label: "フォロー中のInstagram投稿" },
  { value: "following_tiktok", label: "フォロー中のTikTok投稿" },
  { value: "official_information", label: "運営からのお知らせ" },
] as const;

export const LIVER_MAIL_SETTINGS = [
  { value: "message_to_staff", label: "スタッフへのメッセージ通知" },
  { value: "item_to_staff", label: "スタッフへのアイテム通知" },
  { value: "official_information", label: "運営からのお知らせ" },
] as const;

export type ListenerMailSettingKey = (typeof LISTENER_MAIL_SETTINGS)[number]["value"];
export type LiverMailSettingKey = (typeof LIVER_MAIL_SETTINGS)[number]["value"];
export type ListenerMailSettingValue = Record<ListenerMailSettingKey, boolean>;
export type LiverMailSettingValue = Record<LiverMailSettingKey, boolean>;

export const MAIL_SETTINGS_BY_ROLE = {
  listener: LISTENER_MAIL_SETTINGS,
  liver: LIVER_MAIL_SETTINGS,
} as const;

/** Every flag of a role, all required booleans (what the services accept). */
export const ListenerMailSettingSchema = z.object({
  following_live: z.boolean(),
  following_instagram: z.boolean(),
  following_tiktok: z.boolean(),
  official_information: z.boolean(),
});
export const LiverMailSettingSchema = z.object({
  message_to_staff: z.boolean(),
  item_to_staff: z.boolean(),
  official_information: z.boolean(),
});

/**
 * The form of the flags: one checkbox group `mail_setting` whose values are the checked keys
 * (unchecked boxes send nothing, so they mean false).
 */
export function mailSettingFormSchema<K extends string>(options: readonly { value: K }[]) {
  const keys = options.map((option) => option.value) as [K, ...K[]];
  return z.object({
    mail_setting: z
      .array(z.enum(keys, { error: messages.invalid_type }))
      .transform(
        (checked) =>
          Object.fromEntries(keys.map((key) => [key, checked.includes(key)])) as Record<K, boolean>,
      ),
  });
}

export const NicknameSchema = z.object({
  nickname: z
    .string({ error: messages.invalid_type })
    .trim()
    .min(1, messages.required)
    .max(NICKNAME_MAX, `ニックネームは${NICKNAME_MAX}文字以内で入力してください`)
    .refine((value) => !/\p{Cc}/u.test(value), TEXT_FIELD_MESSAGES.control_characters),
});

export const zCurrentPassword = () =>
  z.string({ error: messages.invalid_type }).min(1, messages.required).max(128, messages.password);

export const EmailChangeSchema = z.object({
  email: zEmail(),
  current_password: zCurrentPassword(),
});

export const PasswordChangeSchema = z
  .object({
    current_password: zCurrentPassword(),
    password: zPassword(),
    password_confirmation: z.string({ error: messages.invalid_type }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "パスワードが一致しません",
  });

/**
 * The listener's name in rankings (ADR 0043): one box; ticked, the live rankings and
 * the broadcasters' fan lists show her as 「匿名のリスナー」. An unticked box sends nothing: false.
 */
export const RankingPrivacySchema = z.object({
  hide_from_rankings: z
    .unknown()
    .optional()
    .transform((value) => value === "1" || value === "on" || value === true),
});

export const RANKING_PRIVACY_TEXTS = {
  title: "ランキングでの表示",
  label: `ランキングに名前を表示しない（${ANONYMOUS_LISTENER}として表示）`,
  lead: `ライブの応援ランキングと配信者のファン一覧で、ニックネームとアイコンの代わりに「${ANONYMOUS_LISTENER}」と表示します。コメントにはこれまでどおりニックネームが表示されます。`,
  submit: "表示設定を保存する",
} as const;

/** What a finished step says (the page is reached again with `?done=<key>`). */
export const SETTINGS_DONE_MESSAGES = {
  nickname: "ニックネームを変更しました",
  image: "プロフィール画像を変更しました",
  image_removed: "プロフィール画像を削除しました",
  mail_setting: "メール通知設定を保存しました",
  push_setting: "プッシュ通知の設定を保存しました",
  ranking: "ランキングでの表示設定を保存しました",
  email_sent:
    "新しいメールアドレスに確認メールを送信しました。メール内のリンクを開くと変更が完了します（有効期限は24時間です）。",
  email_changed: "メールアドレスを変更しました。この端末以外でのログインはすべて解除されました。",
  password: "パスワードを変更しました。この端末以外でのログインはすべて解除されました。",
  bank_account: BANK_ACCOUNT_MESSAGES.saved,
  tax_status: TAX_STATUS_TEXTS.saved,
  plan_scheduled: PLAN_MESSAGES.scheduled,
  plan_cancelled: PLAN_MESSAGES.cancelled,
} as const;

export type SettingsDoneKey = keyof typeof SETTINGS_DONE_MESSAGES;

/** What a failed confirmation link says (the page is reached again with `?email_error=<key>`). */
export const EMAIL_CHANGE_ERRORS = {
  invalid_token:
    "確認リンクが無効か、有効期限（24時間）が切れています。お手数ですが、もう一度メールアドレスの変更をお申し込みください。",
  wrong_account:
    "この確認リンクは、現在ログインしているアカウントのものではありません。変更をお申し込みになったアカウントでログインしてから、もう一度リンクを開いてください。",
  email_taken: AUTH_MESSAGES.email_taken,
} as const;

export type EmailChangeErrorKey = keyof typeof EMAIL_CHANGE_ERRORS;

export const SETTINGS_MESSAGES = {
  same_email: "現在のメールアドレスと同じです",
  forbidden: "この操作は行えません",
  unknown_intent: "送信内容を読み取れませんでした。もう一度お試しください",
} as const;

export function isSettingsDoneKey(value: string | null): value is SettingsDoneKey {
  return value !== null && Object.hasOwn(SETTINGS_DONE_MESSAGES, value);
}

export function isEmailChangeErrorKey(value: string | null): value is EmailChangeErrorKey {
  return value !== null && Object.hasOwn(EMAIL_CHANGE_ERRORS, value);
}

/** The payout account, saved only with the current password (a stolen session must not redirect payouts). */
export const BankAccountChangeSchema = BankAccountSchema.extend({ current_password: zCurrentPassword() });
export type BankAccountChangeInput = z.input<typeof BankAccountChangeSchema>;
