import {
  type ListenerMailSettingKey,
  type LiverMailSettingKey,
  MAIL_SETTINGS_BY_ROLE,
} from "./account-settings";

/**
 * Notification mail (ADR 0025): which account role and which mail_setting flag each trigger
 * kind answers to, the batching window, and the Japanese wording of the unsubscribe page. Pure.
 */

export const NOTIFICATION_KINDS = [
  "following_live",
  "following_instagram",
  "following_tiktok",
  "official_information",
  "message_to_staff",
  "item_to_staff",
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** Every kind of recorded event: the mail kinds and those told in-app only (ADR 0044). */
export const NOTIFICATION_EVENT_KINDS = [
  ...NOTIFICATION_KINDS,
  "chat_message",
  "new_follower",
  "payout_step",
  "report_outcome",
  "age_verification",
  "shift_summary",
] as const;

/** The accounts that receive notification mail (staff have no mail_setting). */
export const NOTIFICATION_RECIPIENT_TYPES = ["listener", "liver"] as const;
export type NotificationRecipientType = (typeof NOTIFICATION_RECIPIENT_TYPES)[number];

/** The one flag a (role, setting) pair names; what an unsubscribe token turns off. */
export type NotificationSetting =
  | { role: "listener"; setting: ListenerMailSettingKey }
  | { role: "liver"; setting: LiverMailSettingKey };

/** At most one mail per recipient and kind in this window; later events wait for the summary. */
export const NOTIFICATION_WINDOW_MS = 60 * 60 * 1000;

/** The (role, setting) pair as a typed value, or null when the role has no such flag. */
export function notificationSetting(role: string, setting: string): NotificationSetting | null {
  if (role !== "listener" && role !== "liver") return null;
  const known = MAIL_SETTINGS_BY_ROLE[role].some((option) => option.value === setting);
  return known ? ({ role, setting } as NotificationSetting) : null;
}

/** The Japanese label of a flag (as on the setting page). */
export function settingLabel({ role, setting }: NotificationSetting): string {
  return MAIL_SETTINGS_BY_ROLE[role].find((option) => option.value === setting)?.label ?? setting;
}

/** The setting page of a role (linked from every notification mail). */
export function settingsPath(role: NotificationRecipientType): string {
  return role === "listener" ? "/listener/mypage/setting" : "/liver/mypage/setting";
}

/** The unsubscribe page's wording. */
export const UNSUBSCRIBE_TEXTS = {
  title: "メール配信の停止",
  lead: (label: string) => `「${label}」のメール通知を停止します。よろしければ下のボタンを押してください。`,
  button: "配信を停止する",
  done: (label: string) => `「${label}」のメール通知を停止しました。`,
  doneNote: "設定はマイページのメール通知設定からいつでも元に戻せます。",
  invalid: "このリンクは無効です。メールに記載されたURLをもう一度ご確認ください。",
  tooMany: "アクセスが集中しています。しばらくしてからもう一度お試しください。",
  settings: "メール通知設定へ",
  home: "トップページへ",
} as const;
