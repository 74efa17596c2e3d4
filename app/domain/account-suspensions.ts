import { z } from "zod";
import { formatTokyoDateTime } from "./format";

/**
 * The operator's sanctions on an account after a report (ADR 0033 "block, suspend", ADR 0033
 * item 3, ADR 0039): a **block** holds until an operator lifts it; a **suspension** holds for a
 * chosen number of days and then ends by itself. Either way the account cannot sign in while it
 * holds. Pure: the rules of "active" and of the end date, the texts and the lift form.
 */

export const ACCOUNT_SUSPENSION_KINDS = ["block", "suspension"] as const;
export type AccountSuspensionKind = (typeof ACCOUNT_SUSPENSION_KINDS)[number];

/** The periods the operator chooses from, in days. */
export const SUSPENSION_DAYS = [1, 3, 7, 30] as const;
/** The same as form values (a `<select>` sends strings). */
export const SUSPENSION_DAY_VALUES = SUSPENSION_DAYS.map(String) as ["1", "3", "7", "30"];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a suspension of `days` placed at `from` ends: exactly `days` × 24 hours later (a day is
 * 24 hours, not a calendar day: the account is told the exact minute, and there is no daylight
 * saving time in Japan to make the two differ).
 */
export function suspensionEndsAt(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * Whether a row holds the account at `now`: not lifted, and either a block (no end) or a
 * suspension whose end is still to come. At `ends_at` itself the account is free again.
 */
export function isSuspensionActive(
  row: { lifted_at: Date | string | null; ends_at: Date | string | null },
  now: Date,
): boolean {
  if (row.lifted_at !== null) return false;
  return row.ends_at === null || new Date(row.ends_at).getTime() > now.getTime();
}

/** An end date as the account's mail says it: "2026年12月3日 14:05" (Tokyo time). */
export function formatSuspensionEnd(value: Date | string): string {
  return formatTokyoDateTime(value);
}

export const LIFT_REASON_MAX = 1000;

/** How many ended and lifted ones the operator's history shows, newest first. */
export const PAST_SUSPENSIONS_SHOWN = 100;

export const ACCOUNT_SUSPENSION_TEXTS = {
  // The page lists the suspended stores too (ADR 0053).
  title: "利用停止中のアカウントと店舗",
  kind: { block: "無期限停止", suspension: "期間停止" } satisfies Record<AccountSuspensionKind, string>,
  days: (days: number) => `${days}日間`,
  liftReasonRequired: "解除の理由を入力してください",
  liftReasonTooLong: `理由は${LIFT_REASON_MAX.toLocaleString("ja-JP")}文字以内で入力してください`,
  notActive: "この停止はすでに解除されたか、期間が終わっています",
  lifted: "停止を解除し、アカウントの持ち主にメールで知らせました",
} as const;

/** Browsers send a textarea's line breaks as CRLF: kept as `\n`, as typed. */
const lines = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);

/** The operator lifts one block or suspension, with a reason (audited and told to the account). */
export const LiftAccountSuspensionSchema = z.object({
  suspension_id: z.string().min(1).max(64),
  reason: z.preprocess(
    lines,
    z
      .string({ error: ACCOUNT_SUSPENSION_TEXTS.liftReasonRequired })
      .trim()
      .min(1, ACCOUNT_SUSPENSION_TEXTS.liftReasonRequired)
      .refine((s) => [...s].length <= LIFT_REASON_MAX, ACCOUNT_SUSPENSION_TEXTS.liftReasonTooLong),
  ),
});
