/**
 * The matching score (18–100) as a round badge; nothing without one (`null`: a listener without
 * answers, whose card offers 「相性診断に答える」 instead, ADR 0060).
 */
export function MatchingScoreBadge({
  score,
  className = "",
}: {
  score: number | null | undefined;
  className?: string;
}) {
  if (score === undefined || score === null) return null;
  return (
    <span
      className={`inline-flex items-baseline gap-0.5 rounded-full bg-night-900/85 px-2 py-0.5 font-bold text-white text-xs ${className}`}
      data-testid="matching-score"
    >
      <span className="font-normal text-[10px]">相性</span>
      {score}
      <span className="text-[10px]">%</span>
    </span>
  );
}
