import { z } from "zod";
import { PREFECTURES } from "./areas";
import { labelOf, STORE_TYPE_VALUES, STORE_TYPES } from "./options";
import { charLength, PUBLIC_TEXT, TEXT_FIELD_MESSAGES, zChoice, zLine, zMultiline } from "./text-fields";
import { validatePhone, zEmail, zKatakana, zPhone } from "./validators";

/** The listing request (`/shop_entry`, ADR 0008): a store not yet on the site asks to be listed. */

export const SHOP_ENTRY_STORE_NAME_MAX = 50;
export const SHOP_ENTRY_KANA_MAX = 100;
export const SHOP_ENTRY_CONTACT_NAME_MAX = 50;
export const SHOP_ENTRY_AREA_MAX = 50;
export const SHOP_ENTRY_MESSAGE_MAX = 1000;

/** The labels, in the order of the form (the error summary's order). */
export const SHOP_ENTRY_FIELD_LABELS = {
  store_name: "店舗名",
  store_name_kana: "店舗名（フリガナ）",
  store_type: "業種",
  prefecture: "都道府県",
  area: "エリア",
  contact_name: "ご担当者名",
  phone_number: "電話番号",
  email: "メールアドレス",
  message: "ご要望・ご質問",
} as const;

export const SHOP_ENTRY_MESSAGES = {
  prefecture: "都道府県を一覧から選択してください",
  store_type: "業種を一覧から選択してください",
  too_many_requests:
    "短時間に多くの送信がありました。しばらく時間をおいてから、もう一度お試しください。お急ぎの場合はお問い合わせフォームからご連絡ください。",
  closed:
    "現在、掲載リクエストの受付を停止しています。お急ぎの場合はお問い合わせフォームからご連絡ください。",
} as const;

const L = SHOP_ENTRY_FIELD_LABELS;

export function prefectureName(id: string): string {
  return PREFECTURES.find((prefecture) => prefecture.id === id)?.name ?? id;
}

export function storeTypeLabel(value: string): string {
  return labelOf(STORE_TYPES, value) || value;
}

export const ShopEntrySchema = z.object({
  store_name: zLine(L.store_name, SHOP_ENTRY_STORE_NAME_MAX, PUBLIC_TEXT),
  store_name_kana: zKatakana().superRefine((value, ctx) => {
    if (charLength(value) > SHOP_ENTRY_KANA_MAX)
      ctx.addIssue({
        code: "custom",
        message: TEXT_FIELD_MESSAGES.maxLength(L.store_name_kana, SHOP_ENTRY_KANA_MAX),
      });
  }),
  store_type: zChoice(
    (value) => (STORE_TYPE_VALUES as readonly string[]).includes(value),
    SHOP_ENTRY_MESSAGES.store_type,
  ),
  prefecture: zChoice(
    (value) => PREFECTURES.some((prefecture) => prefecture.id === value),
    SHOP_ENTRY_MESSAGES.prefecture,
  ),
  area: zLine(L.area, SHOP_ENTRY_AREA_MAX, PUBLIC_TEXT),
  contact_name: zLine(L.contact_name, SHOP_ENTRY_CONTACT_NAME_MAX, PUBLIC_TEXT),
  // Kept as the national format with hyphens ("03-1234-5678"), however it was typed.
  phone_number: zPhone().transform((value) => {
    const phone = validatePhone(value);
    return phone.ok ? phone.national : value;
  }),
  email: zEmail(),
  message: zMultiline(L.message, SHOP_ENTRY_MESSAGE_MAX, { ...PUBLIC_TEXT, required: false }),
});

export type ShopEntryInput = z.output<typeof ShopEntrySchema>;
