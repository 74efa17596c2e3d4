import { Link } from "react-router";
import type { MatchingState } from "~/domain/matching";
import { MATCHING_TEXTS, matchingAnswerHref } from "~/domain/matching-texts";

/**
 * Under the sort tabs of a list with scores (ADR 0060): `sort=matching` without a score to sort by
 * says why it shows 新着順 and where to get one; a listener with answers reads how her scores are
 * computed.
 */
export function MatchingSortNotice({
  state,
  matchingSort,
  from,
}: {
  state: MatchingState;
  /** Whether the list is sorted by matching now. */
  matchingSort: boolean;
  /** The list's URL sorted by matching: where the login or the answer form comes back to. */
  from: string;
}) {
  if (state === "answered") {
    return (
      <p className="mt-2 text-slate-600 text-xs" data-testid="matching-explanation">
        {MATCHING_TEXTS.explanation}
      </p>
    );
  }
  if (!matchingSort) return null;
  const [text, to, label] =
    state === "unanswered"
      ? [MATCHING_TEXTS.sortNeedsAnswers, matchingAnswerHref(from), MATCHING_TEXTS.answer]
      : [
          MATCHING_TEXTS.sortNeedsLogin,
          `/listener/login?from=${encodeURIComponent(from)}`,
          "ユーザーログイン",
        ];
  return (
    <div
      className="mt-2 rounded-xl bg-brand-50 px-3 pt-3 pb-1 text-brand-800 text-sm"
      data-testid="matching-sort-notice"
    >
      <p>{text}</p>
      <Link to={to} className="flex min-h-11 w-fit items-center font-bold underline">
        {label}
      </Link>
    </div>
  );
}
