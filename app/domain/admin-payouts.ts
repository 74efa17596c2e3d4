import { z } from "zod";
import { confirmationField } from "./confirmation";
import { ZENGIN_CONSIGNOR_RULES, type ZenginConsignor } from "./zengin";

/**
 * The payouts page of the operator's console (ADR 0032, ADR 0033): the statuses a
 * request passes through, the forms' schemas and every Japanese word of the page. Pure.
 */

export const PAYOUT_STATUS_FILTERS = ["pending", "approved", "exported", "paid", "rejected", "all"] as const;
export type PayoutStatusFilter = (typeof PAYOUT_STATUS_FILTERS)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatusFilter, string> = {
  pending: "承認待ち",
  approved: "承認済み（振込データ未作成）",
  exported: "振込データ作成済み",
  paid: "振込済み",
  rejected: "却下",
  all: "すべて",
};

export const PAYOUT_STATUS_TONES = {
  pending: "amber",
  approved: "brand",
  exported: "brand",
  paid: "green",
  rejected: "red",
} as const;

export function parsePayoutStatusFilter(value: string | null): PayoutStatusFilter {
  return (PAYOUT_STATUS_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as PayoutStatusFilter)
    : "pending";
}

export const PAYOUT_REASON_MAX = 1000;

export const RejectPayoutSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
    z
      .string({ error: "却下の理由を入力してください（店舗にメールで伝わります）" })
      .trim()
      .min(1, "却下の理由を入力してください（店舗にメールで伝わります）")
      .max(PAYOUT_REASON_MAX, `${PAYOUT_REASON_MAX.toLocaleString("ja-JP")}文字以内で入力してください`),
  ),
  // The confirmation step (ADR 0053): the box without JavaScript, the dialog's button with it.
  confirm: confirmationField("却下するときは、確認のチェックを入れてください"),
});

/** 取組日: the day the bank transfers, YYYY-MM-DD, today (Tokyo) or later, within 30 days. */
export const ExportPayoutsSchema = z.object({
  transfer_date: z
    .string({ error: "振込日を入力してください" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "振込日を入力してください（例: 2026-12-01）")
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00+09:00`)),
      "振込日を正しく入力してください",
    ),
});

export function transferDateRefusal(date: string, todayTokyo: string): string | null {
  if (date < todayTokyo) return "振込日には今日以降の日付を指定してください";
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${todayTokyo}T00:00:00Z`)) / 86_400_000;
  if (days > 30) return "振込日は30日以内の日付を指定してください";
  return null;
}

export const PAYOUT_MESSAGES = {
  not_found: "出金申請が見つかりませんでした",
  not_pending: "この出金申請はすでに処理されています（画面を再読み込みしてください）",
  not_payable: "振込データを作成した申請だけを振込済みにできます",
  nothing_to_export: "振込データにする承認済みの申請がありません",
  consignor_missing:
    "振込元口座の設定が足りないため、振込データを作成できません（下の「振込元口座」からご確認ください）",
  bad_account: (store: string) =>
    `「${store}」の振込口座を全銀データに変換できません。店舗に口座情報の修正を依頼し、申請を却下してください`,
  key_reused: "同じ操作キーで別の内容が送信されました。画面を再読み込みしてください",
  invalid_key: "操作を読み取れませんでした。画面を再読み込みしてください",
} as const;

export const PAYOUT_DONE = {
  approved: "出金申請を承認し、店舗にメールで知らせました",
  rejected: "出金申請を却下し、ポイントを店舗に戻してメールで知らせました",
  exported: "振込データを作成しました。下の一覧からダウンロードできます",
  paid: "振込済みにし、店舗にメールで知らせました",
} as const;

/** The environment variables of the platform's own account, and what each one is. */
export const ZENGIN_ENV: { name: string; key: keyof ZenginConsignor; label: string; example: string }[] = [
  {
    name: "ZENGIN_CONSIGNOR_CODE",
    key: "code",
    label: "委託者コード（10桁、銀行との契約で決まる番号）",
    example: "1234567890",
  },
  { name: "ZENGIN_CONSIGNOR_NAME", key: "name", label: "委託者名（カナ）", example: "ｶ)ﾖﾙﾅﾋﾞ" },
  { name: "ZENGIN_BANK_CODE", key: "bankCode", label: "仕向銀行番号（4桁）", example: "0005" },
  { name: "ZENGIN_BANK_NAME", key: "bankName", label: "仕向銀行名（カナ、任意）", example: "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ" },
  { name: "ZENGIN_BRANCH_CODE", key: "branchCode", label: "仕向支店番号（3桁）", example: "001" },
  { name: "ZENGIN_BRANCH_NAME", key: "branchName", label: "仕向支店名（カナ、任意）", example: "ﾎﾝﾃﾝ" },
  {
    name: "ZENGIN_ACCOUNT_TYPE",
    key: "accountType",
    label: "預金種目（saving = 普通、checking = 当座、既定は普通）",
    example: "saving",
  },
  { name: "ZENGIN_ACCOUNT_NUMBER", key: "accountNumber", label: "口座番号（7桁）", example: "1234567" },
];

/**
 * Whether the environment names the platform's account at all: any ZENGIN_* variable with a value.
 * Then the variables decide the account and the settings page only shows them (ADR 0053); the
 * server refuses to start when they are set but incomplete (app/.server/env.ts).
 */
export function zenginEnvGiven(env: Record<string, string | undefined>): boolean {
  return Object.keys(env).some((name) => name.startsWith("ZENGIN_") && Boolean(env[name]?.trim()));
}

/** The platform's account from the environment; `missing` names what is absent or unusable. */
export function zenginConsignorFromEnv(env: Record<string, string | undefined>): {
  consignor: ZenginConsignor;
  missing: string[];
} {
  const get = (name: string) => (env[name] ?? "").trim();
  const consignor: ZenginConsignor = {
    code: get("ZENGIN_CONSIGNOR_CODE"),
    name: get("ZENGIN_CONSIGNOR_NAME"),
    bankCode: get("ZENGIN_BANK_CODE"),
    bankName: get("ZENGIN_BANK_NAME"),
    branchCode: get("ZENGIN_BRANCH_CODE"),
    branchName: get("ZENGIN_BRANCH_NAME"),
    accountType: get("ZENGIN_ACCOUNT_TYPE") === "checking" ? "checking" : "saving",
    accountNumber: get("ZENGIN_ACCOUNT_NUMBER"),
  };
  // One table of rules for the file, the variables and the settings form (domain/zengin.ts); the
  // account type may also be left out here (普通 by default).
  const checks = Object.fromEntries(
    ZENGIN_ENV.map(({ name, key }) => [
      name,
      key === "accountType"
        ? ["", "saving", "checking"].includes(get(name))
        : ZENGIN_CONSIGNOR_RULES[key](consignor[key]),
    ]),
  );
  return {
    consignor,
    missing: Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name),
  };
}
