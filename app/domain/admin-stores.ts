import { z } from "zod";
import { confirmationField } from "./confirmation";
import { STORE_STATUS_VALUES, type StoreStatus } from "./options";

/**
 * The stores and staff pages of the operator's console (ADR 0033): their filters,
 * the forms' schemas with their Japanese messages, and the words the pages share. Pure.
 */

/** `?status=` of the store list: one status, or every store. */
export type StoreStatusFilter = StoreStatus | "all";
export function parseStoreStatusFilter(value: string | null): StoreStatusFilter {
  return value && (STORE_STATUS_VALUES as readonly string[]).includes(value) ? (value as StoreStatus) : "all";
}

/** `?review=waiting`: only the stores no operator has looked at yet. */
export function parseReviewFilter(value: string | null): "waiting" | "all" {
  return value === "waiting" ? "waiting" : "all";
}

/** The search box of the lists: at most 100 characters are looked at. */
export const ADMIN_KEYWORD_MAX = 100;
export function parseAdminKeyword(value: string | null): string {
  return (value ?? "").trim().slice(0, ADMIN_KEYWORD_MAX);
}

/** `?status=` of the staff list: listed, hidden by the store or the operator, deleted, or all. */
export const STAFF_FILTERS = ["all", "displayed", "hidden", "operator_hidden", "deleted"] as const;
export type StaffFilter = (typeof STAFF_FILTERS)[number];
export const STAFF_FILTER_LABELS: Record<StaffFilter, string> = {
  all: "すべて",
  displayed: "表示中",
  hidden: "店舗が非表示",
  operator_hidden: "運営が非表示",
  deleted: "削除済み",
};
export function parseStaffFilter(value: string | null): StaffFilter {
  return (STAFF_FILTERS as readonly string[]).includes(value ?? "") ? (value as StaffFilter) : "all";
}

export const REASON_MAX = 1000;
/** The highest rank a store can be given (`order`); the directory sorts lower first. */
export const STORE_ORDER_MAX = 9999;
export const STAFF_LIMIT_MAX = 1000;

/** No control characters but tab and line breaks (a NUL byte would break the database write). */
const noControl = (value: string) =>
  !Array.from(value).some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r") || code === 0x7f;
  });

/** Browsers send a textarea's line breaks as CRLF: kept as `\n`, as typed. */
const lines = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);

const reason = (required: string) =>
  z.preprocess(
    lines,
    z
      .string()
      .trim()
      .min(1, required)
      .max(REASON_MAX, `${REASON_MAX.toLocaleString("ja-JP")}文字以内で入力してください`)
      .refine(noControl, "使用できない文字が含まれています"),
  );

const optionalNote = z
  .preprocess(
    lines,
    z
      .string()
      .trim()
      .max(REASON_MAX, `${REASON_MAX.toLocaleString("ja-JP")}文字以内で入力してください`)
      .refine(noControl, "使用できない文字が含まれています"),
  )
  .default("");

/** A whole number typed into a field: full-width digits and separators accepted. */
const wholeNumber = (min: number, max: number, messages: { empty: string; range: string }) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.normalize("NFKC").replace(/[,\s]/g, "") : value),
    z
      .string()
      .min(1, messages.empty)
      .regex(/^\d+$/, "半角または全角の数字で入力してください")
      .transform(Number)
      .pipe(z.number().int().min(min, messages.range).max(max, messages.range)),
  );

/** Suspending needs its confirmation step too (ADR 0053): the box, or the dialog's button. */
export const SuspendStoreSchema = z.object({
  reason: reason("停止の理由を入力してください（店舗にメールで伝わります）"),
  confirm: confirmationField("店舗を停止するときは、確認のチェックを入れてください"),
});

export const LiftSuspensionSchema = z.object({ note: optionalNote });

export const StoreStatusSchema = z.object({
  status: z.enum(["public", "private"], { error: "公開か非公開を選んでください" }),
});

export const StorePlanSchema = z.object({
  plan_id: z.string().trim().min(1, "プランを選んでください"),
  apply_limit: z.boolean().default(true),
});

export const StaffLimitSchema = z.object({
  limit_staff: wholeNumber(0, STAFF_LIMIT_MAX, {
    empty: "キャスト上限を入力してください",
    range: `0〜${STAFF_LIMIT_MAX.toLocaleString("ja-JP")}の整数で入力してください`,
  }),
});

export const StoreOrderSchema = z.object({
  // Optional: an empty field takes the store off the ranking.
  order: z
    .preprocess(
      (value) => (typeof value === "string" ? value.normalize("NFKC").replace(/[,\s]/g, "") : value),
      z
        .string()
        .regex(/^\d*$/, "半角または全角の数字で入力してください（空欄で順位なし）")
        .transform((text) => (text === "" ? null : Number(text)))
        .pipe(
          z
            .number()
            .int()
            .min(1, `1〜${STORE_ORDER_MAX}の順位を入力してください`)
            .max(STORE_ORDER_MAX, `1〜${STORE_ORDER_MAX}の順位を入力してください`)
            .nullable(),
        ),
    )
    .optional(),
});

export const HideStaffSchema = z.object({
  reason: reason("非表示にする理由を入力してください（店舗にメールで伝わります）"),
});

export const DeleteStaffSchema = z.object({
  reason: reason("削除する理由を入力してください（店舗にメールで伝わります）"),
});

export const STORE_MESSAGES = {
  not_found: "店舗が見つかりません",
  already_suspended: "この店舗はすでに運営により停止されています",
  not_suspended: "この店舗は運営による停止中ではありません",
  suspended: "停止中は公開・非公開を変更できません。先に停止を解除してください",
  deleted: "削除済みの店舗は変更できません",
  plan_unavailable: "このプランは選べません",
  stale_order: "並び順がほかの操作で変わりました。最新の並びを読み込み直しました。もう一度お試しください",
} as const;

export const STAFF_MESSAGES = {
  not_found: "キャストが見つかりません",
  already_hidden: "このキャストはすでに運営により非表示です",
  not_hidden: "このキャストは運営による非表示ではありません",
  deleted: "削除済みのキャストです",
  no_login: "このキャストにはログイン用のアカウントがありません",
} as const;

/** What a done action says, by `?done=` (stores). */
export const STORE_DONE = {
  suspended: "店舗を停止し、理由を店舗にメールで送りました",
  lifted: "停止を解除し、店舗にメールで知らせました",
  status: "公開状態を変更しました",
  plan: "プランを変更しました",
  limit: "キャスト上限を変更しました",
  order: "掲載順を変更しました",
  reviewed: "確認済みにしました",
} as const;

export const STAFF_DONE = {
  hidden: "キャストを非表示にし、店舗にメールで知らせました",
  shown: "非表示を解除し、店舗にメールで知らせました",
  deleted: "キャストを削除し、店舗にメールで知らせました",
} as const;

/**
 * A temporary password for a performer whose login the operator resets: three groups of four
 * from an alphabet without look-alikes (no 0/o, 1/l/i), ≈ 59 bits, easy to read out on the
 * phone, and inside the password rules (ASCII letters, digits, symbols; 14 characters).
 * `pick(n)` returns a uniformly random integer below n (crypto on the server).
 */
export const TEMPORARY_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function temporaryPassword(pick: (n: number) => number): string {
  const group = () =>
    Array.from(
      { length: 4 },
      () => TEMPORARY_PASSWORD_ALPHABET[pick(TEMPORARY_PASSWORD_ALPHABET.length)],
    ).join("");
  return [group(), group(), group()].join("-");
}

/** Account ids (better-auth's) in a path: letters, digits, `-` and `_`; anything else is a 404. */
export function isAccountId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
