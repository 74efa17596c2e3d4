import { FAN_TEXTS } from "~/domain/fans";

/** Deeper colours as the level rises (1–10), so a regular stands out in the stream. */
const TONES = [
  "bg-slate-200 text-slate-700",
  "bg-sky-100 text-sky-800",
  "bg-sky-200 text-sky-900",
  "bg-emerald-100 text-emerald-800",
  "bg-emerald-200 text-emerald-900",
  "bg-amber-100 text-amber-800",
  "bg-amber-300 text-amber-950",
  "bg-pink-200 text-pink-900",
  "bg-pink-500 text-white",
  "bg-gradient-to-r from-amber-400 to-pink-500 text-white",
] as const;

/**
 * A listener's fan level for a broadcaster (ADR 0043): a pill 「Lv.5」 beside her name
 * in that broadcaster's comments, chat and lists. Nothing for level 0 (no points yet).
 */
export function FanBadge({ level, className = "" }: { level: number; className?: string }) {
  if (level <= 0) return null;
  const tone = TONES[Math.min(level, TONES.length) - 1];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-1.5 py-px font-bold text-[10px] leading-4 ${tone} ${className}`}
      title={FAN_TEXTS.badgeLabel(level)}
      data-testid="fan-badge"
    >
      <span aria-hidden="true">{FAN_TEXTS.badge(level)}</span>
      <span className="sr-only">{FAN_TEXTS.badgeLabel(level)}</span>
    </span>
  );
}
