import { z } from "zod";
import { toHalfWidthDigits } from "./input-filters";
import { ACCOUNT_TYPE_DEFAULT, ACCOUNT_TYPE_VALUES, ACCOUNT_TYPES } from "./options";
import { blankWhenMissing, charLength } from "./text-fields";
import { messages } from "./validators";

/**
 * The bank account a store is paid to (docs/product.md `account`): holder in katakana, bank code 4 digits,
 * branch code 3 digits (both chosen from the Zengin data, ADR 0054), 普通/当座 (saving by default),
 * account number 7 digits.
 */

export const ACCOUNT_HOLDER_MAX = 60;

export const BANK_ACCOUNT_LABELS = {
  bank_code: "金融機関",
  branch_code: "支店",
  account_type: "口座種別",
  account_number: "口座番号",
  account_holder: "口座名義（カナ）",
} as const;

export const BANK_ACCOUNT_MESSAGES = {
  account_holder: "口座名義は全角カタカナで入力してください（法人は「カ）」などの略号も使えます）",
  account_holder_long: `口座名義は${ACCOUNT_HOLDER_MAX}文字以内で入力してください`,
  bank_code: "金融機関コードは4桁の数字で入力してください",
  branch_code: "支店コードは3桁の数字で入力してください",
  bank_required: "金融機関を選んでください",
  branch_required: "支店を選んでください",
  // The codes are checked against the Zengin data on the server (ADR 0054).
  unknown_bank: "この金融機関は見つかりません。検索して一覧から選んでください",
  unknown_branch: "この支店は選んだ金融機関にありません。検索して一覧から選んでください",
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
const zDigits = (length: number, message: string, blank: string = messages.required) =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) => toHalfWidthDigits(value).replace(/[\s\-－ー]/g, ""))
      .superRefine((value, ctx) => {
        if (value === "") ctx.addIssue({ code: "custom", message: blank });
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
  // Chosen from the Zengin data (ADR 0054); whether the codes exist there is the service's check.
  bank_code: zDigits(4, M.bank_code, M.bank_required),
  branch_code: zDigits(3, M.branch_code, M.branch_required),
  account_type: z.preprocess(
    (value) => (value === undefined || value === "" ? ACCOUNT_TYPE_DEFAULT : value),
    z.enum(ACCOUNT_TYPE_VALUES, { error: M.account_type }),
  ),
  account_number: zDigits(7, M.account_number),
});

/** An account as the pages show it back (ADR 0054): names from the Zengin data, codes beside them. */
export interface BankAccountView {
  account_holder?: string;
  bank_code?: string;
  bank_name?: string;
  branch_code?: string;
  branch_name?: string;
  account_type?: string;
  account_number?: string;
}

const ACCOUNT_TYPE_LABEL: Record<string, string> = Object.fromEntries(
  ACCOUNT_TYPES.map((type) => [type.value, type.label]),
);

/** "みずほ（0001）", or the code alone when the name is unknown. */
const named = (name: string | undefined, code: string | undefined, blank: string) =>
  name ? `${name}（${code ?? ""}）` : (code ?? blank);

/** The rows of an account, label and value, in the order the form asks them. */
export function bankAccountRows(account: BankAccountView): { label: string; value: string }[] {
  return [
    { label: BANK_ACCOUNT_LABELS.bank_code, value: named(account.bank_name, account.bank_code, "----") },
    { label: BANK_ACCOUNT_LABELS.branch_code, value: named(account.branch_name, account.branch_code, "---") },
    {
      label: BANK_ACCOUNT_LABELS.account_type,
      value: ACCOUNT_TYPE_LABEL[account.account_type ?? ""] ?? ACCOUNT_TYPE_LABEL[ACCOUNT_TYPE_DEFAULT]!,
    },
    { label: BANK_ACCOUNT_LABELS.account_number, value: account.account_number ?? "-------" },
    { label: BANK_ACCOUNT_LABELS.account_holder, value: account.account_holder ?? "（名義なし）" },
  ];
}

/** "みずほ（0001）・戸越（123）・普通 1234567・ヨルナビ　タロウ", for one-line summaries. */
export function bankAccountLine(account: BankAccountView): string {
  const [bank, branch, type, number, holder] = bankAccountRows(account).map((row) => row.value);
  return `${bank}・${branch}・${type} ${number}・${holder}`;
}

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
