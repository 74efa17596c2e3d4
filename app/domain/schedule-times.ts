/**
 * Shift times of the staff schedule (docs/product.md, ADR 0010, ADR 0059): 10-minute steps, a start
 * of "OPEN" (from opening) or "HH:MM", an end of "HH:MM" or "LAST" (until closing).
 *
 * A shift belongs to the business day (05:00–05:00 Asia/Tokyo) it starts in, and every time is read
 * on that day's clock: a start "05:00"–"23:50" is on the shift's date, a start "00:00"–"04:50" is in
 * the small hours after it (翌0:00–翌4:50, ADR 0010). An end on the next morning is written with the
 * hours running on past 24 — "24:00" … "30:00" are 翌0:00 … 翌6:00 — so "25:00" is 1:00 the next
 * morning, the values sort as text and a client reads one as `hours × 60 + minutes` from the
 * date's midnight. An end "00:00"–"04:50" (what the schedule stored before ADR 0059) still means
 * the next morning too and stays valid; the editor offers the "24:00" spelling.
 *
 * The end choices begin AT the start (an end equal to the start is allowed: "23:50〜23:50") and run
 * through 23:50, then 翌0:00 … 翌6:00, then LAST. Values are compared exactly (they come from
 * selects): "２０:００", " 20:00" or "20:05" are not choices; an unknown start is treated like "OPEN"
 * by `endChoices` and rejected by `isValidShift`.
 *
 * TIME_CHOICES, START_CHOICES and END_CHOICES are also the price system's time bands (plain
 * 00:00–23:50 clock times); the shift editor's own lists are SHIFT_START_CHOICES / SHIFT_END_CHOICES.
 */

export const OPEN = "OPEN";
export const LAST = "LAST";

/** The business day starts at 05:00 Asia/Tokyo (ADR 0010); earlier clock times are its small hours. */
export const BUSINESS_DAY_START_HOUR = 5;
const DAY_MINUTES = 24 * 60;
const DAY_START = BUSINESS_DAY_START_HOUR * 60;
/** The latest end of a shift: 翌6:00 (ADR 0059). */
const LATEST_END_MINUTES = 30 * 60;

/** "HH:MM" of minutes since midnight (hours may run past 23). */
function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const steps = (from: number, to: number) =>
  Array.from({ length: (to - from) / 10 + 1 }, (_, i) => hhmm(from + i * 10));

/** "00:00", "00:10", …, "23:50" (144 values). */
export const TIME_CHOICES: readonly string[] = Object.freeze(steps(0, DAY_MINUTES - 10));

/** ["OPEN", "00:00", …, "23:50"] (the price system's starts; every value is also a shift start). */
export const START_CHOICES: readonly string[] = Object.freeze([OPEN, ...TIME_CHOICES]);
/** ["00:00", …, "23:50", "LAST"] (the price system's ends). */
export const END_CHOICES: readonly string[] = Object.freeze([...TIME_CHOICES, LAST]);

/** The next morning's ends: "24:00" (翌0:00) … "30:00" (翌6:00), 37 values. */
export const NEXT_MORNING_ENDS: readonly string[] = Object.freeze(steps(DAY_MINUTES, LATEST_END_MINUTES));

/**
 * The shift starts in the order of the business day: OPEN, "05:00" … "23:50", then the small hours
 * "00:00" … "04:50" (翌0:00 … 翌4:50). The same 145 values as START_CHOICES.
 */
export const SHIFT_START_CHOICES: readonly string[] = Object.freeze([
  OPEN,
  ...steps(DAY_START, DAY_MINUTES - 10),
  ...steps(0, DAY_START - 10),
]);

/** Every end the editor offers: "05:00" … "23:50", "24:00" … "30:00", "LAST" (152 values). */
export const SHIFT_END_CHOICES: readonly string[] = Object.freeze([
  ...steps(DAY_START, DAY_MINUTES - 10),
  ...NEXT_MORNING_ENDS,
  LAST,
]);

/**
 * Minutes of a shift time from 00:00 of the shift's date: "20:00" → 1200, "25:00" → 1500, and the
 * small hours "00:00"–"04:50" count as the next morning ("01:00" → 1500). Null for OPEN, LAST and
 * anything that is not "HH:MM" up to "30:00".
 */
export function shiftMinutes(value: string): number | null {
  const match = /^(\d{2}):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > LATEST_END_MINUTES) return null;
  return minutes < DAY_START ? minutes + DAY_MINUTES : minutes;
}

/** The end as the editor spells it: a small-hours end "01:00" becomes "25:00"; others stay. */
export function canonicalEnd(end: string): string {
  const minutes = shiftMinutes(end);
  return minutes !== null && TIME_CHOICES.includes(end) && minutes >= DAY_MINUTES ? hhmm(minutes) : end;
}

/**
 * The end choices for a start: from the start on (inclusive) through 翌6:00, plus "LAST"; all of
 * SHIFT_END_CHOICES for "OPEN", "" or an unknown start.
 */
export function endChoices(start: string): string[] {
  const from = SHIFT_START_CHOICES.includes(start) ? shiftMinutes(start) : null;
  if (from === null) return [...SHIFT_END_CHOICES];
  return SHIFT_END_CHOICES.filter((end) => end === LAST || (shiftMinutes(end) ?? -1) >= from);
}

/**
 * The end to select after the start changes: the current end when it is still a choice for the
 * start, otherwise "LAST" (the one end valid for every start, and the usual one at night).
 */
export function autoSelectedEnd(start: string, currentEnd = ""): string {
  const end = canonicalEnd(currentEnd);
  return end !== "" && endChoices(start).includes(end) ? end : LAST;
}

/** A start from SHIFT_START_CHOICES and an end among its end choices (an old small-hours end counts). */
export function isValidShift(start: string, end: string): boolean {
  return SHIFT_START_CHOICES.includes(start) && endChoices(start).includes(canonicalEnd(end));
}

/** The label of a start or end value: "OPEN" and "LAST" as they are, times as they are. */
export function scheduleTimeLabel(value: string): string {
  if (value === OPEN) return "OPEN";
  if (value === LAST) return "LAST";
  return value;
}

/**
 * The label of a shift time: "20:00" as it is, the next morning as 「翌1:00」 (both "25:00" and the
 * small-hours "01:00"), "OPEN" and "LAST" as they are; anything else unchanged.
 */
export function shiftTimeLabel(value: string): string {
  const minutes = shiftMinutes(value);
  if (minutes === null || minutes < DAY_MINUTES) return value;
  const next = minutes - DAY_MINUTES;
  return `翌${Math.floor(next / 60)}:${String(next % 60).padStart(2, "0")}`;
}

/** The end of business hours as a store picks it: "LAST" reads "LAST（閉店まで）". */
export function businessEndLabel(value: string): string {
  return value === LAST ? "LAST（閉店まで）" : value;
}

/** "20:00〜LAST", "20:00〜翌1:00" (U+301C wave dash). */
export function shiftLabel(start: string, end: string): string {
  return `${shiftTimeLabel(start)}〜${shiftTimeLabel(end)}`;
}
