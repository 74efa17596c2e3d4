import { POST_PR_TEXTS } from "~/domain/post-pr";

/**
 * The 「PR」 label of a post (ADR 0051): the letters themselves, not a colour alone, and what they
 * mean for a screen reader. Every card, tile and list row of a post marked PR shows it.
 */
export function PrBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center rounded border border-amber-600 bg-amber-50 px-1.5 font-bold text-[11px] text-amber-900 leading-5"
      data-testid="pr-badge"
    >
      {POST_PR_TEXTS.badge}
      <span className="sr-only">{POST_PR_TEXTS.badgeNote}</span>
    </span>
  );
}
