import { z } from "zod";
import { toHalfWidthDigits } from "./input-filters";
import { ACCOUNT_TYPE_DEFAULT, ACCOUNT_TYPE_VALUES } from "./options";
import { blankWhenMissing, charLength } from "./text-fields";
import { messages } from "./validators";

/**
 * The bank account a store is paid to (docs/product.md `account`): holder in katakana, bank code 4 digits,
 * branch code 3 digits, 普通/当座 (saving by default), account number 7 digits.
 */

export const ACCOUNT_HOLDER_MAX = 60;

export const BANK_ACCOUNT_LABELS = {
  account_holder: "口座名義（カナ）",
  bank_code: "金融機関コード",
  branch_code: "支店コード",
  account_type: "口座種別",
  account_number: "口座番号",
} as const;

export const BANK_ACCOUNT_MESSAGES = {
  account_holder: "口座名義は全角カタカナで入力してください（法人は「カ）」などの略号も使えます）",
  account_holder_long: `口座名義は${ACCOUNT_HOLDER_MAX}文字以内で入力してください`,
  bank_code: "金融機関コードは4桁の数字で入力してください",
  branch_code: "支店コードは3桁の数字で入力してください",
  account_number: "口座番号は7桁の数字で入力してください（7桁未満の場合は先頭に0を付けてください）",
  account_type: "口座種別を選択してください",
  saved: "振込口座を保存しました",
} as const;

const M = BANK_ACCOUNT_MESSAGES;

/** Katakana, ー, the ideographic space and the marks of corporate names: （） ． ・ ）. */
export function isAccountHolder(value: string): boolean {
  return /^[\u30A1-\u30F6\u30FC\u3000（）()．.・]+$/u.test(value);
}

/** A code of exactly `length` digits (full-width digits, spaces and hyphens tolerated). */
const zDigits = (length: number, message: string) =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) => toHalfWidthDigits(value).replace(/[\s\-－ー]/g, ""))
      .superRefine((value, ctx) => {
        if (value === "") ctx.addIssue({ code: "custom", message: messages.required });
        else if (!new RegExp(`^\\d{${length}}$`).test(value)) ctx.addIssue({ code: "custom", message });
      }),
  );

export const BankAccountSchema = z.object({
  account_holder: z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      // Half-width katakana (ﾖﾙﾅﾋﾞ, as bank books print it) → full-width; spaces → U+3000.
      .transform((value) =>
        value
          .trim()
          .replace(/[\uFF61-\uFF9F]+/g, (run) => run.normalize("NFKC"))
          .replace(/ /g, "\u3000"),
      )
      .superRefine((value, ctx) => {
        if (value === "") ctx.addIssue({ code: "custom", message: messages.required });
        else if (!isAccountHolder(value)) ctx.addIssue({ code: "custom", message: M.account_holder });
        else if (charLength(value) > ACCOUNT_HOLDER_MAX)
          ctx.addIssue({ code: "custom", message: M.account_holder_long });
      }),
  ),
  bank_code: zDigits(4, M.bank_code),
  branch_code: zDigits(3, M.branch_code),
  account_type: z.preprocess(
    (value) => (value === undefined || value === "" ? ACCOUNT_TYPE_DEFAULT : value),
    z.enum(ACCOUNT_TYPE_VALUES, { error: M.account_type }),
  ),
  account_number: zDigits(7, M.account_number),
});

/** "普通 1234567" with all but the last three digits masked, for summaries. */
export function maskedAccountNumber(number: string): string {
  return number.length > 3 ? `${"•".repeat(number.length - 3)}${number.slice(-3)}` : number;
}

export const PLAN_MESSAGES = {
  plan: "プランを選択してください",
  unavailable: "選択されたプランは現在お申し込みいただけません",
  too_small: (staff: number, limit: number) =>
    `現在のキャスト数（${staff}名）が変更先プランの上限（${limit}名）を超えています。キャストを整理してから変更してください`,
  scheduled: "次回の更新日からのプラン変更を受け付けました",
  cancelled: "プラン変更の予約を取り消しました",
} as const;

export const PlanChangeSchema = z.object({
  new_plan_id: z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .trim()
      .refine((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value), PLAN_MESSAGES.plan),
  ),
});
