import { z } from "zod";
import { PUBLIC_TEXT, TEXT_FIELD_MESSAGES, zChoice, zLine, zMultiline } from "./text-fields";
import { zEmail } from "./validators";

/** The contact form (`/contact`, ADR 0008): fields, choices, limits and wording in one place. */

export const CONTACT_NAME_MAX = 50;
/** Long enough for a detailed report; short enough that the draft fits one cookie between the steps. */
export const CONTACT_MESSAGE_MAX = 1000;

export const CONTACT_FIELD_LABELS = {
  name: "お名前",
  email: "メールアドレス",
  category: "お問い合わせの種類",
  message: "お問い合わせ内容",
} as const;

export const CONTACT_CATEGORIES = [
  { value: "usage", label: "サービスの使い方について" },
  { value: "account", label: "アカウント・ログインについて" },
  { value: "coins", label: "コイン・お支払いについて" },
  { value: "store_listing", label: "店舗掲載・料金プランについて" },
  { value: "report", label: "不適切な投稿・メッセージの通報" },
  { value: "privacy", label: "個人情報の開示・訂正・削除のご請求" },
  { value: "other", label: "その他" },
] as const;

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]["value"];

export function contactCategoryLabel(value: string): string {
  return CONTACT_CATEGORIES.find((category) => category.value === value)?.label ?? value;
}

export const CONTACT_MESSAGES = {
  too_long_for_draft:
    "お問い合わせ内容が長すぎるため、確認画面へ進めませんでした。お手数ですが、内容を短くしてお送りください。",
  too_many_requests:
    "短時間に多くの送信がありました。しばらく時間をおいてから、もう一度お試しください。お急ぎの場合はメールでご連絡ください。",
  expired: "入力内容の保存期間が過ぎました。お手数ですが、もう一度入力してください。",
} as const;

export const ContactSchema = z.object({
  name: zLine(CONTACT_FIELD_LABELS.name, CONTACT_NAME_MAX, PUBLIC_TEXT),
  email: zEmail(),
  category: zChoice(
    (value) => CONTACT_CATEGORIES.some((category) => category.value === value),
    TEXT_FIELD_MESSAGES.select,
  ).transform((value) => value as ContactCategory),
  message: zMultiline(CONTACT_FIELD_LABELS.message, CONTACT_MESSAGE_MAX, PUBLIC_TEXT),
});

export type ContactInput = z.output<typeof ContactSchema>;
