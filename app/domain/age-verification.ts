import { z } from "zod";

/**
 * Age verification of listeners (年齢確認, ADR 0055; docs/product.md "The law the site follows"):
 * the states, the documents accepted, the operator's decision and the age rule. Pure.
 */

export const AGE_VERIFICATION_STATES = ["none", "pending", "verified", "rejected"] as const;
export type AgeVerificationState = (typeof AGE_VERIFICATION_STATES)[number];

/** The documents that show a birth date (出会い系サイト規制法 enforcement rule 5). */
export const AGE_DOCUMENT_KINDS = ["driver_license", "my_number", "passport", "health_insurance"] as const;
export type AgeDocumentKind = (typeof AGE_DOCUMENT_KINDS)[number];

export const AGE_DOCUMENT_LABELS: Record<AgeDocumentKind, string> = {
  driver_license: "運転免許証",
  my_number: "マイナンバーカード（表面のみ）",
  passport: "パスポート",
  health_insurance: "健康保険証",
};

/** How a verification was made: a document an operator read, or a completed card payment. */
export type AgeVerificationMethod = "document" | "card";

/** Where a listener verifies her age. */
export const AGE_VERIFICATION_PATH = "/listener/mypage/age-verification";

/** The youngest age the site serves. */
export const MINIMUM_AGE = 18;
/** A document picture is deleted this many days after the decision; the decision stays. */
export const AGE_DOCUMENT_RETENTION_DAYS = 30;

export const AGE_VERIFICATION_TEXTS = {
  required: "メッセージの送信には年齢確認が必要です",
  documentRequired: "本人確認書類を選んでください",
  pictureRequired: "書類の画像を選んでください",
  alreadyPending: "確認中の書類があります。結果をお待ちください",
  alreadyVerified: "年齢確認は完了しています",
  birthDateRequired: "書類に記載の生年月日を入力してください",
  birthDateInvalid: "生年月日を正しく入力してください",
  reasonRequired: "確認できなかった理由を入力してください",
  reasonTooLong: "理由は200文字以内で入力してください",
  underage: "18歳未満の方はご利用いただけません",
  decisionUnknown: "承認か却下を選んでください",
  notPending: "この申請はすでに判定済みです",
} as const;

export const AGE_VERIFICATION_STATE_LABELS: Record<AgeVerificationState, string> = {
  none: "未確認",
  pending: "確認中",
  verified: "確認済み",
  rejected: "確認できませんでした",
};

/** What the listener chooses with her picture. */
export const AgeDocumentSchema = z.object({
  document_kind: z.enum(AGE_DOCUMENT_KINDS, { error: AGE_VERIFICATION_TEXTS.documentRequired }),
});

/** `YYYY-MM-DD` as a real calendar date between 1900 and today's year (no 2月30日). */
const birthDate = z
  .string({ error: AGE_VERIFICATION_TEXTS.birthDateRequired })
  .trim()
  .min(1, AGE_VERIFICATION_TEXTS.birthDateRequired)
  .refine((value) => parseBirthDate(value) !== null, AGE_VERIFICATION_TEXTS.birthDateInvalid);

/** The operator's decision: approve with the birth date read from the document, or reject with a reason. */
export const AgeDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("approve"), birth_date: birthDate }),
    z.object({
      decision: z.literal("reject"),
      reason: z
        .string({ error: AGE_VERIFICATION_TEXTS.reasonRequired })
        .trim()
        .min(1, AGE_VERIFICATION_TEXTS.reasonRequired)
        .max(200, AGE_VERIFICATION_TEXTS.reasonTooLong),
    }),
  ],
  { error: AGE_VERIFICATION_TEXTS.decisionUnknown },
);
export type AgeDecision = z.output<typeof AgeDecisionSchema>;

/** A `YYYY-MM-DD` birth date as its parts, or null when it is no real date of 1900 or later. */
export function parseBirthDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The age in whole years on `today` (a `YYYY-MM-DD` date in Tokyo). By 年齢計算ニ関スル法律 an age
 * is reached at the end of the day before the birthday, so the birthday itself counts; someone born
 * on 29 February reaches it at the end of 28 February, that is on 1 March of a common year.
 */
export function ageOn(birth: string, today: string): number | null {
  const b = parseBirthDate(birth);
  const t = parseBirthDate(today);
  if (!b || !t) return null;
  const leapDay = b.month === 2 && b.day === 29 && !isLeapYear(t.year);
  const birthday = leapDay ? { month: 3, day: 1 } : { month: b.month, day: b.day };
  const before = t.month < birthday.month || (t.month === birthday.month && t.day < birthday.day);
  return t.year - b.year - (before ? 1 : 0);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether someone born on `birth` is at least MINIMUM_AGE on `today`. */
export function isOldEnough(birth: string, today: string): boolean {
  const age = ageOn(birth, today);
  return age !== null && age >= MINIMUM_AGE;
}
