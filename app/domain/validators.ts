/**
 * The product's text validators. Each returns `true` or an error KEY; `messages` maps every key to
 * its Japanese message. The zod helpers at the end wrap them for forms and the JSON API.
 *
 * Character-class checks (`isKatakanaOnly`, `isHiraganaOnly`, `isPasswordLike…`) accept the empty
 * string: emptiness is the concern of "required" (the zod helpers check it first). Checks with a
 * length rule (`isEmail`, `isLoginId`, `validatePassword`, `validatePhone`) reject it.
 */
import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import { z } from "zod";
import { normalizePostalCode } from "./format";

export const messages = {
  required: "入力してください",
  invalid_type: "入力内容が正しくありません",
  katakana: "全角カタカナで入力してください",
  hiragana: "ひらがなで入力してください",
  list_item_required: "空欄の項目があります",
  // phone
  must_start_with_zero: "電話番号は0から始まる番号を入力してください",
  not_a_number: "数字で入力してください",
  invalid_country: "国内の電話番号を入力してください",
  too_short: "電話番号が短すぎます",
  too_long: "電話番号が長すぎます",
  invalid: "電話番号の形式が正しくありません",
  // accounts
  email: "正しいメールアドレスを入力してください",
  password: "パスワードは8文字以上128文字以内の半角英数字・記号で入力してください",
  full_width: "パスワードに全角文字は使用できません",
  password_like: "半角英数字・記号で入力してください",
  starts_with_at: "先頭に@を付けずに入力してください",
  login_id: "ログインIDは4〜30文字の半角英数字と _ . - で入力してください",
  postal_code: "郵便番号は7桁の数字で入力してください（例：123-4567）",
} as const;

export type ValidationErrorKey = keyof typeof messages;

/** The Japanese message of an error key ("" for an unknown key). */
export function messageOf(key: string): string {
  return Object.hasOwn(messages, key) ? messages[key as ValidationErrorKey] : "";
}

// ---------------------------------------------------------------------------------------------
// Kana

/** Full-width katakana ァ–ヶ (incl. ヴ ヵ ヶ), the long vowel mark ー and the ideographic space U+3000 only. "" → true. */
export function isKatakanaOnly(s: string): boolean {
  return /^[\u30A1-\u30F6\u30FC\u3000]*$/u.test(s);
}

/** Hiragana ぁ–ゖ (U+3041–U+3096), ー and U+3000 only. "" → true. */
export function isHiraganaOnly(s: string): boolean {
  return /^[\u3041-\u3096\u30FC\u3000]*$/u.test(s);
}

// ---------------------------------------------------------------------------------------------
// Phone

export const PHONE_MAX_INPUT_LENGTH = 250;
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;

export type PhoneErrorKey =
  | "required"
  | "must_start_with_zero"
  | "not_a_number"
  | "invalid_country"
  | "too_short"
  | "too_long"
  | "invalid";

export type PhoneResult =
  | {
      ok: true;
      /** "+819012345678" */
      e164: string;
      /** The national format with hyphens: "090-1234-5678". */
      national: string;
      /** The national digits with the trunk 0: "09012345678". */
      digits: string;
    }
  | { ok: false; error: PhoneErrorKey };

const LIBRARY_ERRORS: Readonly<Record<string, PhoneErrorKey>> = {
  INVALID_COUNTRY: "invalid_country",
  NOT_A_NUMBER: "not_a_number",
  TOO_SHORT: "too_short",
  TOO_LONG: "too_long",
};

/** Digits (half- or full-width), spaces, hyphen-like marks and parentheses: what a typed number may hold. */
const PHONE_CHARACTERS = /^[0-9０-９\s\-‐−–－ー()（）]*$/u;

/**
 * A Japanese phone number as typed. After trimming: empty → "required"; more than 250 characters →
 * "too_long"; must start with 0 or ０ ("must_start_with_zero"); any character other than digits,
 * spaces, hyphens (- ‐ − – － ー) and parentheses → "not_a_number" (the library would otherwise
 * ignore trailing text or read "#12" as an extension); then parsed by libphonenumber (max metadata,
 * default country JP), its errors mapped to keys; the national number must have 2–17 digits and
 * the number must be valid ("invalid").
 */
export function validatePhone(s: string): PhoneResult {
  const input = typeof s === "string" ? s.trim() : "";
  if (input === "") return { ok: false, error: "required" };
  if (input.length > PHONE_MAX_INPUT_LENGTH) return { ok: false, error: "too_long" };
  if (!input.startsWith("0") && !input.startsWith("０")) return { ok: false, error: "must_start_with_zero" };
  if (!PHONE_CHARACTERS.test(input)) return { ok: false, error: "not_a_number" };
  let phone: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    phone = parsePhoneNumberWithError(input, "JP");
  } catch (error) {
    const key = error instanceof Error ? LIBRARY_ERRORS[error.message] : undefined;
    return { ok: false, error: key ?? "invalid" };
  }
  const length = phone.nationalNumber.length;
  if (length < PHONE_NATIONAL_MIN_DIGITS) return { ok: false, error: "too_short" };
  if (length > PHONE_NATIONAL_MAX_DIGITS) return { ok: false, error: "too_long" };
  if (!phone.isValid()) return { ok: false, error: "invalid" };
  const national = phone.formatNational();
  return { ok: true, e164: phone.number, national, digits: national.replace(/\D/g, "") };
}

// ---------------------------------------------------------------------------------------------
// Lists, e-mail, passwords, login IDs

/** Every item is non-empty after trimming (U+3000 counts as whitespace). An empty list is valid. */
export function isListValid(list: readonly string[]): boolean {
  return list.every((item) => typeof item === "string" && item.trim() !== "");
}

export const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/**
 * local@domain: the local part is ASCII letters, digits and !#$%&'*+/=?^_`{|}~.- (dots anywhere,
 * as Japanese mobile carriers allowed "taro..@docomo.ne.jp"); the domain is dot-separated labels
 * of letters, digits and hyphens, not starting or ending with a hyphen, ending in a TLD of ≥ 2
 * letters. At most 254 characters. No trimming: callers trim first.
 */
export function isEmail(s: string): boolean {
  return typeof s === "string" && s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}

/** Printable ASCII U+0021–U+007E only (letters, digits, symbols; no spaces). "" → true. */
export function isPasswordLike(s: string): boolean {
  return /^[\x21-\x7E]*$/.test(s);
}

/** As `isPasswordLike`, and not starting with "@" (SNS IDs are entered without it). "" → true. */
export function isPasswordLikeNotStartingWithAt(s: string): boolean {
  return isPasswordLike(s) && !s.startsWith("@");
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Full-width characters: the ideographic space, kana, CJK ideographs and the full-width forms
 * (ＡＢＣ１２３！). Half-width katakana (ｶﾀｶﾅ) and emoji are not full-width: they get the general
 * "password" error.
 */
const FULL_WIDTH = /[\u3000-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF01-\uFF60\uFFE0-\uFFE6]/u;

/** "" → "required"; any full-width character → "full_width"; not 8–128 password-like characters → "password". */
export function validatePassword(s: string): true | "required" | "full_width" | "password" {
  if (typeof s !== "string" || s === "") return "required";
  if (FULL_WIDTH.test(s)) return "full_width";
  if (s.length < PASSWORD_MIN_LENGTH || s.length > PASSWORD_MAX_LENGTH || !isPasswordLike(s))
    return "password";
  return true;
}

/** 4–30 characters of ASCII letters, digits, "_", "." and "-". */
export function isLoginId(s: string): boolean {
  return typeof s === "string" && /^[A-Za-z0-9_.-]{4,30}$/.test(s);
}

// ---------------------------------------------------------------------------------------------
// zod helpers. Each takes `{ required }` (default true): when false, a blank value is accepted
// (and output as ""). Text inputs are trimmed first, passwords are not.

export interface FieldOptions {
  required?: boolean;
}

const zText = () => z.string({ error: messages.invalid_type });

function textField(options: FieldOptions | undefined, check: (value: string) => true | ValidationErrorKey) {
  const required = options?.required ?? true;
  return zText()
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") {
        if (required)
          ctx.addIssue({ code: "custom", message: messages.required, params: { key: "required" } });
        return;
      }
      const result = check(value);
      if (result !== true)
        ctx.addIssue({ code: "custom", message: messages[result], params: { key: result } });
    });
}

/** Full-width katakana (ー and U+3000 allowed). */
export const zKatakana = (options?: FieldOptions) =>
  textField(options, (value) => (isKatakanaOnly(value) ? true : "katakana"));

/** Hiragana (ー and U+3000 allowed). */
export const zHiragana = (options?: FieldOptions) =>
  textField(options, (value) => (isHiraganaOnly(value) ? true : "hiragana"));

/** A Japanese phone number (see `validatePhone`); the output is the trimmed input as typed. */
export const zPhone = (options?: FieldOptions) =>
  textField(options, (value) => {
    const result = validatePhone(value);
    return result.ok ? true : result.error;
  });

/** An e-mail address (see `isEmail`), trimmed. */
export const zEmail = (options?: FieldOptions) =>
  textField(options, (value) => (isEmail(value) ? true : "email"));

/** A password (see `validatePassword`); not trimmed. */
export const zPassword = (options?: FieldOptions) => {
  const required = options?.required ?? true;
  return zText().superRefine((value, ctx) => {
    if (value === "" && !required) return;
    const result = validatePassword(value);
    if (result !== true) ctx.addIssue({ code: "custom", message: messages[result], params: { key: result } });
  });
};

/** A login ID (see `isLoginId`), trimmed. */
export const zLoginId = (options?: FieldOptions) =>
  textField(options, (value) => (isLoginId(value) ? true : "login_id"));

/** An SNS ID: password-like characters, not starting with "@", trimmed. */
export const zSnsId = (options?: FieldOptions) =>
  textField({ required: false, ...options }, (value) => {
    if (value.startsWith("@")) return "starts_with_at";
    return isPasswordLike(value) ? true : "password_like";
  });

/** A postal code (see `normalizePostalCode`), output as "NNN-NNNN" ("" when optional and blank). */
export const zPostalCode = (options?: FieldOptions) =>
  textField(options, (value) => (normalizePostalCode(value) ? true : "postal_code")).transform((value) => {
    const digits = normalizePostalCode(value);
    return digits ? `${digits.slice(0, 3)}-${digits.slice(3)}` : value;
  });
