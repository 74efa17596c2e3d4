/**
 * Shift times of the staff schedule: 10-minute steps, a start of "OPEN" (from opening) or
 * "HH:MM", an end of "HH:MM" or "LAST" (until closing).
 *
 * The end choices begin AT the chosen start: an end equal to the start is allowed ("23:50〜23:50"),
 * so at "23:50" the end choices are ["23:50", "LAST"]. Ends past midnight are expressed as "LAST".
 * Values are compared exactly (they come from selects): "２０:００", " 20:00" or "20:05" are not
 * choices; an unknown start is treated like "OPEN" by `endChoices` and rejected by `isValidShift`.
 */

export const OPEN = "OPEN";
export const LAST = "LAST";

/** "00:00", "00:10", …, "23:50" (144 values). */
export const TIME_CHOICES: readonly string[] = Object.freeze(
  Array.from({ length: 144 }, (_, i) => {
    const minutes = i * 10;
    return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  }),
);

/** ["OPEN", "00:00", …, "23:50"]. */
export const START_CHOICES: readonly string[] = Object.freeze([OPEN, ...TIME_CHOICES]);
/** Every possible end: ["00:00", …, "23:50", "LAST"]. */
export const END_CHOICES: readonly string[] = Object.freeze([...TIME_CHOICES, LAST]);

/** The end choices for a start: from the start on (inclusive) plus "LAST"; all of them for "OPEN", "" or an unknown start. */
export function endChoices(start: string): string[] {
  const index = TIME_CHOICES.indexOf(start);
  return index < 0 ? [...END_CHOICES] : [...TIME_CHOICES.slice(index), LAST];
}

/**
 * The end to select after the start changes: the current end when it is still a choice for the
 * start, otherwise "LAST" (the one end valid for every start, and the usual one at night).
 */
export function autoSelectedEnd(start: string, currentEnd = ""): string {
  return currentEnd !== "" && endChoices(start).includes(currentEnd) ? currentEnd : LAST;
}

/** A start from START_CHOICES and an end among its end choices. */
export function isValidShift(start: string, end: string): boolean {
  return START_CHOICES.includes(start) && endChoices(start).includes(end);
}

/** The label of a start or end value: "OPEN" and "LAST" as they are, times as they are. */
export function scheduleTimeLabel(value: string): string {
  if (value === OPEN) return "OPEN";
  if (value === LAST) return "LAST";
  return value;
}

/** The end of business hours as a store picks it: "LAST" reads "LAST（閉店まで）". */
export function businessEndLabel(value: string): string {
  return value === LAST ? "LAST（閉店まで）" : value;
}

/** "20:00〜LAST" (U+301C wave dash). */
export function shiftLabel(start: string, end: string): string {
  return `${scheduleTimeLabel(start)}〜${scheduleTimeLabel(end)}`;
}
