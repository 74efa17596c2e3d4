import { z } from "zod";
import { SUSPENSION_DAY_VALUES } from "./account-suspensions";
import { optionalConfirmationField } from "./confirmation";

/**
 * The operator's queue of reports from chat rooms and live comments (ADR 0033 item
 * 3, ADR 0030): the outcomes, their Japanese labels and the form of the decision. Pure.
 */

export const REPORT_KINDS = ["room", "live"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * dismissed: nothing wrong; warned: the reported account is mailed a warning; blocked: it cannot
 * sign in until an operator lifts it; suspended: it cannot sign in for a chosen number of days
 * (ADR 0039). Reports decided before ADR 0039 with `suspended` were blocks and became `blocked`.
 */
export const REPORT_OUTCOMES = ["dismissed", "warned", "blocked", "suspended"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The outcomes that stop the reported account, and so need the confirmation step (ADR 0053). */
export const STOPPING_OUTCOMES: readonly ReportOutcome[] = ["blocked", "suspended"];

export const REPORT_NOTE_MAX = 1000;

export const REPORT_TEXTS = {
  title: "通報",
  kind: { room: "メッセージ", live: "ライブコメント" } satisfies Record<ReportKind, string>,
  outcome: {
    dismissed: "対応不要",
    warned: "警告",
    blocked: "アカウント停止（無期限）",
    suspended: "アカウント停止（期間）",
  } satisfies Record<ReportOutcome, string>,
  action: {
    dismissed: "問題なしとして閉じる",
    warned: "警告メールを送る",
    blocked: "アカウントを無期限で停止する（解除するまでログインできません）",
    suspended: "アカウントを期間を決めて停止する",
  } satisfies Record<ReportOutcome, string>,
  daysRequired: "停止する期間を選んでください",
  noteRequired: "相手に伝える理由を入力してください",
  noteTooLong: `理由は${REPORT_NOTE_MAX.toLocaleString("ja-JP")}文字以内で入力してください`,
  outcomeRequired: "対応を選んでください",
  confirmRequired: "アカウントを停止するときは、確認のチェックを入れてください",
  alreadyHandled: "この通報はすでに対応済みです",
  done: "通報を対応済みにしました。通報者にメールで結果を知らせました。",
} as const;

/**
 * The operator's decision on a report. A warning, a block and a suspension carry a note for the
 * reported account (it is in their mail); dismissing needs none. A suspension needs its period
 * (`days`, one of SUSPENSION_DAYS); the other outcomes ignore it.
 */
export const HandleReportSchema = z
  .object({
    outcome: z.enum(REPORT_OUTCOMES, { error: REPORT_TEXTS.outcomeRequired }),
    note: z
      .string()
      .default("")
      .transform((s) => s.trim())
      .refine((s) => [...s].length <= REPORT_NOTE_MAX, REPORT_TEXTS.noteTooLong),
    days: z
      .preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(SUSPENSION_DAY_VALUES, { error: REPORT_TEXTS.daysRequired }).optional(),
      )
      .transform((value) => (value === undefined ? undefined : Number(value))),
    // The confirmation step of a block or a suspension (ADR 0053); the others need none.
    confirm: optionalConfirmationField,
  })
  .superRefine((value, ctx) => {
    if (value.outcome !== "dismissed" && value.note.length === 0)
      ctx.addIssue({ code: "custom", path: ["note"], message: REPORT_TEXTS.noteRequired });
    if (value.outcome === "suspended" && value.days === undefined)
      ctx.addIssue({ code: "custom", path: ["days"], message: REPORT_TEXTS.daysRequired });
    if (STOPPING_OUTCOMES.includes(value.outcome) && !value.confirm)
      ctx.addIssue({ code: "custom", path: ["confirm"], message: REPORT_TEXTS.confirmRequired });
  });
export type HandleReportInput = z.output<typeof HandleReportSchema>;

export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === "string" && (REPORT_KINDS as readonly string[]).includes(value);
