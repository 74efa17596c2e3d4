import { z } from "zod";
import { AUTH_MESSAGES } from "./auth-messages";
import { blankWhenMissing, zKanaOfMax, zLine } from "./text-fields";
import { messages, zLoginId, zPassword } from "./validators";

export const STAFF_NAME_MAX = 30;
export const STAFF_NAME_KANA_MAX = 60;

/** The labels of the staff account fields, in the order of the forms. */
export const STAFF_ACCOUNT_LABELS = {
  name: "名前（源氏名）",
  name_kana: "フリガナ",
  login_id: "ログインID",
  password: "パスワード",
  password_confirmation: "パスワード（確認）",
} as const;

export const STAFF_ACCOUNT_MESSAGES = {
  limit_reached: AUTH_MESSAGES.staff_limit,
  login_id_taken: "このログインIDは既に使われています。別のログインIDをご利用ください。",
  password_mismatch: "パスワードが一致しません",
  store_unavailable: "この店舗では現在スタッフを登録できません",
} as const;

/** A new password typed twice: the fields and the check that they agree. */
export const NEW_PASSWORD_FIELDS = {
  password: zPassword(),
  password_confirmation: z.preprocess(blankWhenMissing, z.string({ error: messages.invalid_type })),
};

export function checkPasswordConfirmation(
  v: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
): void {
  if (v.password !== v.password_confirmation)
    ctx.addIssue({
      code: "custom",
      path: ["password_confirmation"],
      message: STAFF_ACCOUNT_MESSAGES.password_mismatch,
    });
}

/**
 * A staff account (ADR 0021): name, katakana reading, login_id (4–30 of A–Z a–z 0–9 _ . -,
 * unique case-insensitively) and password. Used by the invitation registration and by the store's
 * own staff creation.
 */
export const StaffAccountSchema = z
  .object({
    name: zLine(STAFF_ACCOUNT_LABELS.name, STAFF_NAME_MAX),
    name_kana: zKanaOfMax(STAFF_ACCOUNT_LABELS.name_kana, STAFF_NAME_KANA_MAX),
    login_id: zLoginId(),
    ...NEW_PASSWORD_FIELDS,
  })
  .superRefine(checkPasswordConfirmation);

export type StaffAccountInput = z.output<typeof StaffAccountSchema>;

/**
 * The internal e-mail of a staff account (docs/product.md `login_email`): staff sign in by login_id, and
 * the auth library wants a unique address. `.invalid` (RFC 2606) can never receive mail.
 */
export function staffLoginEmail(uid: string): string {
  return `staff-${uid}@staff.invalid`;
}
