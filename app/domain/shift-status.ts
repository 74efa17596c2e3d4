/**
 * "Today" and "on shift now" for a nightlife directory.
 *
 * Decision (the spec is silent): the business day (営業日) runs from 05:00 to 05:00 in Asia/Tokyo.
 * A shift is stored on the date of its business day; its times before 05:00 are the small hours
 * after midnight (a shift 20:00〜LAST on the 3rd still runs at 01:00 on the 4th). So at 01:00 on
 * the 4th, "today's shifts" are those of the 3rd.
 *
 * OPEN means from the store's opening (its `business_start_time`, 19:00 when unknown); LAST means
 * until closing (its `business_end_time`, the end of the business day when that is LAST or unknown).
 */
import { LAST, OPEN } from "./schedule-times";

export const BUSINESS_DAY_START_HOUR = 5;
const DAY_MINUTES = 24 * 60;
const DAY_START = BUSINESS_DAY_START_HOUR * 60;
const TOKYO_OFFSET_MS = 9 * 3_600_000;
const DEFAULT_OPENING = "19:00";

/** YYYY-MM-DD of a Date, `days` later, in Asia/Tokyo, with the business-day shift applied. */
export function businessDate(now: Date, days = 0): string {
  const d = new Date(now.getTime() + TOKYO_OFFSET_MS - DAY_START * 60_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The `count` business dates from today on (today first). */
export function businessDates(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => businessDate(now, i));
}

/** Minutes since 00:00 of the business day's calendar date; 00:00–04:59 count as 24:00–28:59. */
function businessMinutes(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes >= DAY_MINUTES) return null;
  return minutes < DAY_START ? minutes + DAY_MINUTES : minutes;
}

/** The hour (0–23) of a Date in Asia/Tokyo. */
export function tokyoHour(now: Date): number {
  return new Date(now.getTime() + TOKYO_OFFSET_MS).getUTCHours();
}

/** The current time as business minutes (see `businessMinutes`). */
export function businessClock(now: Date): number {
  const tokyo = new Date(now.getTime() + TOKYO_OFFSET_MS);
  const minutes = tokyo.getUTCHours() * 60 + tokyo.getUTCMinutes();
  return minutes < DAY_START ? minutes + DAY_MINUTES : minutes;
}

export type ShiftState = "on_shift" | "later_today" | "finished";

export const SHIFT_STATE_LABELS: Record<ShiftState, string> = {
  on_shift: "出勤中",
  later_today: "本日出勤",
  finished: "本日終了",
};

export interface ShiftTimes {
  start_time: string;
  end_time: string;
}

export interface StoreHours {
  business_start_time?: string | null;
  business_end_time?: string | null;
}

/** Where a shift of today's business day stands at `now`. */
export function shiftState(shift: ShiftTimes, now: Date, store: StoreHours = {}): ShiftState {
  // OPEN (and an unreadable start) is the store's opening.
  const opening = businessMinutes(store.business_start_time ?? "") ?? businessMinutes(DEFAULT_OPENING)!;
  const start = shift.start_time === OPEN ? opening : (businessMinutes(shift.start_time) ?? opening);
  let end =
    shift.end_time === LAST
      ? (businessMinutes(store.business_end_time ?? "") ?? DAY_MINUTES + DAY_START)
      : (businessMinutes(shift.end_time) ?? DAY_MINUTES + DAY_START);
  if (end < start) end = DAY_MINUTES + DAY_START; // an opening time after the stated end: until closing
  const clock = businessClock(now);
  if (clock < start) return "later_today";
  if (clock >= end) return "finished";
  return "on_shift";
}

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"] as const;

/** "11/24(火)" of a YYYY-MM-DD date. */
export function shortDateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}(${WEEKDAYS[d.getUTCDay()]})`;
}

/** 0 (Sunday) … 6 (Saturday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
