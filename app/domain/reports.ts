import { z } from "zod";

/**
 * The operator's queue of reports from chat rooms and live comments (contract §15, issue 18 item
 * 3, ADR 0030): the outcomes, their Japanese labels and the form of the decision. Pure.
 */

export const REPORT_KINDS = ["room", "live"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** dismissed: nothing wrong; warned: the reported account is mailed a warning; suspended: blocked. */
export const REPORT_OUTCOMES = ["dismissed", "warned", "suspended"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const REPORT_NOTE_MAX = 1000;

export const REPORT_TEXTS = {
  title: "通報",
  kind: { room: "メッセージ", live: "ライブコメント" } satisfies Record<ReportKind, string>,
  outcome: {
    dismissed: "対応不要",
    warned: "警告",
    suspended: "アカウント停止",
  } satisfies Record<ReportOutcome, string>,
  action: {
    dismissed: "問題なしとして閉じる",
    warned: "警告メールを送る",
    suspended: "アカウントを停止する",
  } satisfies Record<ReportOutcome, string>,
  noteRequired: "相手に伝える理由を入力してください",
  noteTooLong: `理由は${REPORT_NOTE_MAX.toLocaleString("ja-JP")}文字以内で入力してください`,
  outcomeRequired: "対応を選んでください",
  alreadyHandled: "この通報はすでに対応済みです",
  done: "通報を対応済みにしました。通報者にメールで結果を知らせました。",
} as const;

/**
 * The operator's decision on a report. A warning and a suspension carry a note for the reported
 * account (it is in their mail); dismissing needs none.
 */
export const HandleReportSchema = z
  .object({
    outcome: z.enum(REPORT_OUTCOMES, { error: REPORT_TEXTS.outcomeRequired }),
    note: z
      .string()
      .default("")
      .transform((s) => s.trim())
      .refine((s) => [...s].length <= REPORT_NOTE_MAX, REPORT_TEXTS.noteTooLong),
  })
  .superRefine((value, ctx) => {
    if (value.outcome !== "dismissed" && value.note.length === 0)
      ctx.addIssue({ code: "custom", path: ["note"], message: REPORT_TEXTS.noteRequired });
  });
export type HandleReportInput = z.output<typeof HandleReportSchema>;

export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === "string" && (REPORT_KINDS as readonly string[]).includes(value);
