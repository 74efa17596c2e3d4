/**
 * "Today" and "on shift now" for a nightlife directory.
 *
 * Decision (the spec is silent, ADR 0010): the business day (営業日) runs from 05:00 to 05:00 in
 * Asia/Tokyo. A shift is stored on the date of the business day it starts in; its times are read on
 * that day's clock (domain/schedule-times: "01:00" and "25:00" are both 1:00 the next morning), so
 * at 01:00 on the 4th, "today's shifts" are those of the 3rd. A shift may end as late as 翌6:00
 * (ADR 0059): it stays today's until it ends, also past the 05:00 boundary.
 *
 * OPEN means from the store's opening (its `business_start_time`, 19:00 when unknown); LAST means
 * until closing (its `business_end_time`, the end of the business day when that is LAST or unknown).
 */
import { BUSINESS_DAY_START_HOUR, LAST, OPEN, shiftMinutes } from "./schedule-times";

export { BUSINESS_DAY_START_HOUR };

const DAY_MINUTES = 24 * 60;
const DAY_START = BUSINESS_DAY_START_HOUR * 60;
const BUSINESS_DAY_END = DAY_MINUTES + DAY_START;
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

/** The instant of 00:00 Asia/Tokyo on a YYYY-MM-DD date, plus `minutes` (Tokyo keeps no DST). */
export function tokyoInstant(date: string, minutes = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - TOKYO_OFFSET_MS + minutes * 60_000);
}

/**
 * The real start and end of a shift (ADR 0059), as the `starts_at` / `ends_at` columns hold them:
 * its times on the clock of its date in Asia/Tokyo. OPEN and LAST depend on the store's hours at
 * the time one asks, so they are null (unknown) here; so is an end before the start (an old shift
 * ADR 0010 read as "until closing"). The SQL twin is `shiftInstantSql` (db/schema/schedules.ts).
 */
export function shiftInstants(shift: { date: string; start_time: string; end_time: string }): {
  starts_at: Date | null;
  ends_at: Date | null;
} {
  const start = shiftMinutes(shift.start_time);
  const end = shiftMinutes(shift.end_time);
  return {
    starts_at: start === null ? null : tokyoInstant(shift.date, start),
    ends_at: end === null || (start !== null && end < start) ? null : tokyoInstant(shift.date, end),
  };
}

export type ShiftState = "on_shift" | "later_today" | "finished";

export const SHIFT_STATE_LABELS: Record<ShiftState, string> = {
  on_shift: "出勤中",
  later_today: "本日出勤",
  finished: "本日終了",
};

export interface ShiftTimes {
  /** The shift's business date; today's business date when absent. */
  date?: string;
  start_time: string;
  end_time: string;
}

export interface StoreHours {
  business_start_time?: string | null;
  business_end_time?: string | null;
}

/** Where a shift stands at `now`: before its start, between start and end, or after its end. */
export function shiftState(shift: ShiftTimes, now: Date, store: StoreHours = {}): ShiftState {
  // OPEN (and an unreadable start) is the store's opening.
  const opening = businessMinutes(store.business_start_time ?? "") ?? businessMinutes(DEFAULT_OPENING)!;
  const start = shift.start_time === OPEN ? opening : (shiftMinutes(shift.start_time) ?? opening);
  let end =
    shift.end_time === LAST
      ? (businessMinutes(store.business_end_time ?? "") ?? BUSINESS_DAY_END)
      : (shiftMinutes(shift.end_time) ?? BUSINESS_DAY_END);
  if (end < start) end = BUSINESS_DAY_END; // an opening time after the stated end: until closing
  // Minutes since 00:00 of the shift's date (for today's business date: the business clock).
  const clock = (now.getTime() - tokyoInstant(shift.date ?? businessDate(now)).getTime()) / 60_000;
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
