import { z } from "zod";
import { isValidAreaPath } from "./areas";
import { STORE_TYPE_DEFAULT, STORE_TYPE_VALUES } from "./options";
import { LAST, TIME_CHOICES } from "./schedule-times";
import { TAX_STATUS_TEXTS, zIsIndividual } from "./store-tax-status";
import { blankWhenMissing, TEXT_FIELD_MESSAGES, zChoice, zKanaOfMax, zLine, zTicked } from "./text-fields";
import { messages, validatePhone, zEmail, zPassword, zPhone, zPostalCode } from "./validators";

export const STORE_NAME_MAX = 50;
export const STORE_NAME_KANA_MAX = 100;
export const ADDRESS_MAX = 200;
export const BUILDING_NAME_MAX = 100;

/** The labels of the store registration form, in the order of the form (the error summary's order). */
export const LIVER_FIELD_LABELS = {
  store_name: "店舗名",
  store_name_kana: "店舗名（フリガナ）",
  store_type: "業種",
  is_individual: TAX_STATUS_TEXTS.label,
  phone_number: "電話番号",
  postal_code: "郵便番号",
  address: "住所",
  buildingName: "建物名・部屋番号",
  region: "地方",
  prefecture: "都道府県",
  group: "エリアグループ",
  area: "エリア",
  area_detail: "詳細エリア",
  business_start_time: "営業開始時間",
  business_end_time: "営業終了時間",
  email: "メールアドレス",
  password: "パスワード",
  password_confirmation: "パスワード（確認）",
  plan_id: "プラン",
  agree: "利用規約（店舗向け）",
} as const;

export const LIVER_REGISTRATION_MESSAGES = {
  area: "エリアを正しく選択してください",
  time: "一覧から選択してください",
  store_type: "業種を一覧から選択してください",
  password_mismatch: "パスワードが一致しません",
  agree: "店舗利用規約への同意が必要です",
  plan_unavailable: "選択されたプランは現在お申し込みいただけません。プランを選び直してください",
} as const;

const M = LIVER_REGISTRATION_MESSAGES;

/** The end of business may be "LAST" (until the last customer leaves), as in the staff schedules. */
export const BUSINESS_END_CHOICES: readonly string[] = Object.freeze([...TIME_CHOICES, LAST]);

/** An area id: only its shape here; the path as a whole is checked by `isValidAreaPath`. */
export const zAreaId = (options?: { required?: boolean }) =>
  zChoice((value) => /^[a-z0-9-]{1,64}$/.test(value), M.area, options);

/**
 * The store's own fields, shared by the registration form and the store profile of the back
 * office (`/liver/mypage/profile`), so both validate them alike.
 */
export const STORE_FIELDS = {
  store_name: zLine(LIVER_FIELD_LABELS.store_name, STORE_NAME_MAX),
  store_name_kana: zKanaOfMax(LIVER_FIELD_LABELS.store_name_kana, STORE_NAME_KANA_MAX),
  store_type: z.preprocess(
    (value) => (value === undefined || value === "" ? STORE_TYPE_DEFAULT : value),
    z.enum(STORE_TYPE_VALUES, { error: M.store_type }),
  ),
  // Stored as the national format with hyphens ("03-1234-5678"), however it was typed.
  phone_number: zPhone().transform((value) => {
    const phone = validatePhone(value);
    return phone.ok ? phone.national : value;
  }),
  // "NNN-NNNN", as `formatPostalCode` shows it.
  postal_code: zPostalCode(),
  address: zLine(LIVER_FIELD_LABELS.address, ADDRESS_MAX),
  buildingName: zLine(LIVER_FIELD_LABELS.buildingName, BUILDING_NAME_MAX, { required: false }),
  region: zAreaId(),
  prefecture: zAreaId(),
  group: zAreaId({ required: false }),
  area: zAreaId(),
  area_detail: zAreaId({ required: false }),
  business_start_time: zChoice((value) => TIME_CHOICES.includes(value), M.time),
  business_end_time: zChoice((value) => BUSINESS_END_CHOICES.includes(value), M.time),
};

/**
 * The store registration form (ADR 0021, docs/product.md liver fields): shared by the page and the
 * service. The plan is only required here; whether it is an active plan is the service's check
 * (plans are data).
 */
export const RegisterLiverSchema = z
  .object({
    ...STORE_FIELDS,
    // Asked with nothing chosen: it decides 源泉徴収 on the store's payouts (ADR 0032).
    is_individual: zIsIndividual(),
    email: zEmail(),
    password: zPassword(),
    password_confirmation: z.preprocess(blankWhenMissing, z.string({ error: messages.invalid_type })),
    plan_id: zChoice((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value), TEXT_FIELD_MESSAGES.select),
    // A checkbox sends "1" (or the browser default "on") when ticked and nothing otherwise.
    agree: zTicked(M.agree),
  })
  // Cross-field rules also run when other fields are wrong, so every message shows at once.
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation)
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: M.password_mismatch });
    if (!isValidAreaPath(v)) ctx.addIssue({ code: "custom", path: ["area"], message: M.area });
  });

export type RegisterLiverInput = z.output<typeof RegisterLiverSchema>;
