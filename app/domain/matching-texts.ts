/**
 * The words of the matching score where it shows (cards, the staff page, the staff search, the
 * feeds) and of the answer form: one place (docs/architecture.md "Conventions"). No zod here, so
 * the pages' scripts can carry it.
 */
import { SORT_LABELS } from "./search-query";

/** The listener's answer form. */
export const MATCHING_ANSWER_PATH = "/listener/mypage/profile";

export const MATCHING_TEXTS = {
  /** Instead of a score, for a listener who has not saved an answer yet (ADR 0060). */
  answer: "相性診断に答える",
  /** The one sentence that explains a score, wherever one shows. */
  explanation: "相性は、あなたとキャストの相性診断（13問）の回答がいくつ同じかから計算しています。",
  sortNeedsAnswers: `${SORT_LABELS.matching}は相性診断に答えるとご利用いただけます（今は${SORT_LABELS.new}で表示しています）。`,
  sortNeedsLogin: `${SORT_LABELS.matching}はユーザーログインするとご利用いただけます（今は${SORT_LABELS.new}で表示しています）。`,
  /** The staff page's panel, signed out. */
  loginLead: "ログインすると、13の質問への回答からこのキャストとの相性がわかります。",
  /** The staff page's panel, for a listener without answers. */
  answerLead: "13の質問に答えると、このキャストとの相性がわかります。1問だけでも始められます。",
  backAfterSaving: "元のページに戻る",
} as const;

/**
 * The answer form's URL, coming back to `from` (a same-origin path, checked again by the form)
 * after saving.
 */
export function matchingAnswerHref(from?: string): string {
  return from ? `${MATCHING_ANSWER_PATH}?from=${encodeURIComponent(from)}` : MATCHING_ANSWER_PATH;
}
