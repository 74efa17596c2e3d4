import { z } from "zod";
import { ZENGIN_ENV, zenginConsignorFromEnv, zenginEnvGiven } from "./admin-payouts";
import {
  toZenginText,
  ZENGIN_CONSIGNOR_KEYS,
  ZENGIN_CONSIGNOR_RULES,
  type ZenginAccountType,
  type ZenginConsignor,
} from "./zengin";

/**
 * The platform's own bank account, the payer of the 全銀 transfer files (ADR 0036), as the operator
 * keeps it at `/admin/settings/transfer` (ADR 0053): the form's schema (the same rules as the
 * ZENGIN_* variables and the file, domain/zengin.ts), its words, and which account applies — the
 * variables whenever any is set, else the saved one. Pure.
 */

/** The key of `remote_config_values` that holds the saved account: server only, never listed. */
export const TRANSFER_ACCOUNT_CONFIG_KEY = "zengin_consignor";

/** 委託者名 is 40 characters in the header record, bank and branch names 15 (half-width). */
export const CONSIGNOR_NAME_MAX = 40;
export const BANK_NAME_MAX = 15;

export const ACCOUNT_TYPE_LABELS: Record<ZenginAccountType, string> = { saving: "普通", checking: "当座" };

export const TRANSFER_ACCOUNT_LABELS: Record<keyof ZenginConsignor, string> = {
  code: "委託者コード",
  name: "委託者名",
  bankCode: "金融機関コード",
  bankName: "金融機関名",
  branchCode: "支店コード",
  branchName: "支店名",
  accountType: "預金種目",
  accountNumber: "口座番号",
};

export const TRANSFER_ACCOUNT_TEXTS = {
  title: "振込元口座",
  lead: "出金申請の振込データ（全銀形式）に振込元として書き込まれる、運営の口座です。銀行と結んだ総合振込の契約の内容を入力してください。",
  envNote:
    "サーバーの環境変数 ZENGIN_* が設定されているため、振込データには環境変数の口座が使われます。この画面からは変更できません。変更するときは環境変数を書き換えてサーバーを再起動してください。",
  storedUnderEnv: "この画面で保存した口座もありますが、環境変数が設定されている間は使われません。",
  none: "振込元口座がまだ設定されていません。設定するまで振込データは作成できません。",
  saved: "振込元口座を保存しました。次に作成する振込データから使われます",
  unchanged: "変更はありませんでした",
  envSet: "環境変数 ZENGIN_* が設定されているため、この画面からは保存できません",
  codeFormat: "委託者コードは10桁の数字で入力してください（銀行との契約で決まる番号です）",
  nameRequired: "委託者名を入力してください",
  nameCharset:
    "委託者名はカタカナ・英大文字・数字と（）．－／のいずれかで入力してください（漢字・ひらがなは使えません）",
  nameLength: `委託者名は半角に直して${CONSIGNOR_NAME_MAX}文字以内で入力してください（濁点・半濁点も1文字です）`,
  bankCode: "金融機関コードは4桁の数字で入力してください",
  bankName: `金融機関名はカタカナで、半角に直して${BANK_NAME_MAX}文字以内で入力してください`,
  branchCode: "支店コードは3桁の数字で入力してください",
  branchName: `支店名はカタカナで、半角に直して${BANK_NAME_MAX}文字以内で入力してください`,
  accountType: "預金種目を選んでください",
  accountNumber: "口座番号は7桁の数字で入力してください（7桁に満たないときは先頭を0で埋めてください）",
} as const;

/** Digits as typed: full-width digits narrowed, spaces and hyphens dropped ("０００５", "12-34567"). */
const digitsOf = (value: unknown) =>
  typeof value === "string" ? value.normalize("NFKC").replace(/[\s\-ー－]/g, "") : value;

const digits = (rule: (value: string) => boolean, message: string) =>
  z.preprocess(digitsOf, z.string({ error: message }).refine(rule, message));

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/** A katakana name, written as the file will hold it (half-width): null when it cannot be. */
const kanaName = (max: number, message: string, rule: (value: string) => boolean) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .default("")
      .refine((value) => rule(value) && (toZenginText(value) ?? "").length <= max, message)
      .transform((value) => toZenginText(value) ?? ""),
  );

/**
 * The settings form. Each field is checked by the rule the file and the ZENGIN_* variables use
 * (ZENGIN_CONSIGNOR_RULES) and its own Japanese message; the names come out half-width, as the
 * file writes them, so the page shows what the bank will read.
 */
export const TransferAccountSchema = z
  .object({
    bank_code: digits(ZENGIN_CONSIGNOR_RULES.bankCode, TRANSFER_ACCOUNT_TEXTS.bankCode),
    bank_name: kanaName(BANK_NAME_MAX, TRANSFER_ACCOUNT_TEXTS.bankName, ZENGIN_CONSIGNOR_RULES.bankName),
    branch_code: digits(ZENGIN_CONSIGNOR_RULES.branchCode, TRANSFER_ACCOUNT_TEXTS.branchCode),
    branch_name: kanaName(
      BANK_NAME_MAX,
      TRANSFER_ACCOUNT_TEXTS.branchName,
      ZENGIN_CONSIGNOR_RULES.branchName,
    ),
    account_type: z.enum(["saving", "checking"], { error: TRANSFER_ACCOUNT_TEXTS.accountType }),
    account_number: digits(ZENGIN_CONSIGNOR_RULES.accountNumber, TRANSFER_ACCOUNT_TEXTS.accountNumber),
    consignor_code: digits(ZENGIN_CONSIGNOR_RULES.code, TRANSFER_ACCOUNT_TEXTS.codeFormat),
    consignor_name: z.preprocess(
      trimmed,
      z
        .string({ error: TRANSFER_ACCOUNT_TEXTS.nameRequired })
        .min(1, TRANSFER_ACCOUNT_TEXTS.nameRequired)
        .refine(ZENGIN_CONSIGNOR_RULES.name, TRANSFER_ACCOUNT_TEXTS.nameCharset)
        .refine(
          (value) => (toZenginText(value) ?? "").length <= CONSIGNOR_NAME_MAX,
          TRANSFER_ACCOUNT_TEXTS.nameLength,
        )
        .transform((value) => toZenginText(value) ?? ""),
    ),
  })
  .transform(
    (form): ZenginConsignor => ({
      code: form.consignor_code,
      name: form.consignor_name,
      bankCode: form.bank_code,
      bankName: form.bank_name,
      branchCode: form.branch_code,
      branchName: form.branch_name,
      accountType: form.account_type,
      accountNumber: form.account_number,
    }),
  );

/** An account as the form's fields (to fill the form with the saved one). */
export function transferAccountFormValues(account: ZenginConsignor): Record<string, string> {
  return {
    bank_code: account.bankCode,
    bank_name: account.bankName,
    branch_code: account.branchCode,
    branch_name: account.branchName,
    account_type: account.accountType,
    account_number: account.accountNumber,
    consignor_code: account.code,
    consignor_name: account.name,
  };
}

const StoredAccountSchema = z.object({
  code: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  accountType: z.enum(["saving", "checking"]),
  accountNumber: z.string(),
});

/** The account as saved (a JSON object; its text is read too), or null when there is none or it is not one. */
export function parseStoredTransferAccount(value: unknown): ZenginConsignor | null {
  let json = value;
  if (typeof value === "string")
    try {
      json = JSON.parse(value);
    } catch {
      return null;
    }
  const parsed = StoredAccountSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The fields in which two accounts differ, in the header record's order. */
export function changedTransferFields(
  before: ZenginConsignor | null,
  after: ZenginConsignor,
): (keyof ZenginConsignor)[] {
  return ZENGIN_CONSIGNOR_KEYS.filter((key) => before?.[key] !== after[key]);
}

/** An account in one line, as the payouts page shows it ("0005 ﾐﾂﾋﾞｼ・001・普通 1234567・ｶ)ﾖﾙﾅﾋﾞ"). */
export function transferAccountSummary(account: ZenginConsignor): string {
  const named = (code: string, name: string) => (name ? `${code} ${name}` : code);
  return [
    `金融機関 ${named(account.bankCode, account.bankName)}`,
    `支店 ${named(account.branchCode, account.branchName)}`,
    `${ACCOUNT_TYPE_LABELS[account.accountType]} ${account.accountNumber}`,
    `委託者 ${account.name}（${account.code}）`,
  ].join("・");
}

export type TransferAccountSource = "env" | "stored" | "none";

export interface TransferAccountInForce {
  /** Where the account of the next file comes from. */
  source: TransferAccountSource;
  consignor: ZenginConsignor;
  /** The fields that stop a file from being made (empty when one can be). */
  missing: (keyof ZenginConsignor)[];
  /** With `source: "env"`, the variables behind `missing`. */
  missingEnv: string[];
}

const EMPTY_ACCOUNT: ZenginConsignor = {
  code: "",
  name: "",
  bankCode: "",
  bankName: "",
  branchCode: "",
  branchName: "",
  accountType: "saving",
  accountNumber: "",
};

/**
 * Which account the next 全銀 file is written with (ADR 0053): the ZENGIN_* variables whenever any
 * of them is set (deployments that configured them keep working, and a server's variables cannot
 * be overridden from the console), else the account saved at `/admin/settings/transfer`, else none.
 */
export function transferAccountInForce(
  env: Record<string, string | undefined>,
  stored: ZenginConsignor | null,
): TransferAccountInForce {
  if (zenginEnvGiven(env)) {
    const { consignor, missing } = zenginConsignorFromEnv(env);
    return {
      source: "env",
      consignor,
      missing: ZENGIN_ENV.filter((v) => missing.includes(v.name)).map((v) => v.key),
      missingEnv: missing,
    };
  }
  const consignor = stored ?? EMPTY_ACCOUNT;
  return {
    source: stored ? "stored" : "none",
    consignor,
    missing: ZENGIN_CONSIGNOR_KEYS.filter((key) => !ZENGIN_CONSIGNOR_RULES[key](consignor[key])),
    missingEnv: [],
  };
}
