import type { ShiftTimes, StoreHours } from "~/domain/shift-status";
import { SHIFT_STATE_LABELS, type ShiftState, shiftState } from "~/domain/shift-status";

const STYLES: Record<ShiftState, string> = {
  on_shift: "bg-emerald-700 text-white",
  later_today: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  finished: "bg-slate-200 text-slate-700",
};

/** 出勤中 / 本日出勤 / 本日終了 for today's shift; nothing without one. */
export function ShiftBadge({
  shift,
  store,
  now,
  className = "",
}: {
  shift: ShiftTimes | null;
  store: StoreHours;
  /** The moment the page was rendered (ISO), so server and browser agree. */
  now: string;
  className?: string;
}) {
  if (!shift) return null;
  const state = shiftState(shift, new Date(now), store);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 font-bold text-[11px] leading-5 ${STYLES[state]} ${className}`}
      data-shift-state={state}
    >
      {SHIFT_STATE_LABELS[state]}
    </span>
  );
}
