import { z } from "zod";
import { canonicalEnd, endChoices, isValidShift, SHIFT_START_CHOICES } from "./schedule-times";
import { blankWhenMissing } from "./text-fields";
import { messages } from "./validators";

/**
 * Calendar days and shift ranges of the staff schedule (docs/product.md; ADR 0020). A date is a
 * calendar day in Asia/Tokyo written "YYYY-MM-DD"; a week view is the 7 days from a day (today's
 * business date first, ADR 0059), a month grid's rows start on Sunday. Pure functions on those
 * strings, so the server and the browser agree whatever their own time zone.
 */

export const WEEKDAY_LABELS = ["日", "月", "火", "水", "木", "金", "土"] as const;
/** The longest range one read or replace may cover (about three months). */
export const SCHEDULE_RANGE_MAX_DAYS = 93;
export const WEEK_OFFSET_MAX = 52;
export const MONTH_OFFSET_MAX = 12;

const DAY_MS = 86_400_000;

/** A real calendar date "YYYY-MM-DD" (2000–2099: what a shift plan can be about). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = /^(20\d{2})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(utc(date)).getUTCDay();
}

/** The calendar day in Asia/Tokyo of an instant. */
export function tokyoToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The Sunday that starts the week of `date`. */
export function weekStart(date: string): string {
  return addDays(date, -dayOfWeek(date));
}

/** The 7 days of the week starting at `start`. */
export function weekDates(start: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** The first day of the month `offset` months after the month of `date`. */
export function monthStart(date: string, offset = 0): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The last day of the month of `date`. */
export function monthEnd(date: string): string {
  return addDays(monthStart(date, 1), -1);
}

/** The weeks (Sunday first) that show the month of `first`, as rows of 7 dates. */
export function monthGrid(first: string): string[][] {
  const start = weekStart(monthStart(first));
  const end = monthEnd(first);
  const weeks: string[][] = [];
  for (let week = start; week <= end; week = addDays(week, 7)) weeks.push(weekDates(week));
  return weeks;
}

/** "11/22（日）". */
export function dayLabel(date: string): string {
  const [, month, day] = date.split("-").map(Number);
  return `${month}/${day}（${WEEKDAY_LABELS[dayOfWeek(date)]}）`;
}

/** "2026年11月". */
export function monthLabel(date: string): string {
  const [year, month] = date.split("-").map(Number);
  return `${year}年${month}月`;
}

/** "11/22（日）〜11/28（土）". */
export function rangeLabel(start: string, end: string): string {
  return `${dayLabel(start)}〜${dayLabel(end)}`;
}

export type ScheduleView =
  | { view: "week"; offset: number; start: string; end: string }
  | { view: "month"; offset: number; start: string; end: string };

function offsetParam(value: string | null, max: number): number {
  if (value === null || !/^-?\d{1,6}$/.test(value.trim())) return 0;
  return Math.max(-max, Math.min(max, Number(value)));
}

/**
 * The range a schedule page shows, from its query: `?week=N` (the 7 days starting N weeks from
 * today, the default N = 0 starting today, ADR 0059) or `?view=month&month=N`. Anything malformed
 * falls back to the week from today or this month. `today` is the business date.
 */
export function scheduleViewOf(params: URLSearchParams, today: string): ScheduleView {
  if (params.get("view") === "month") {
    const offset = offsetParam(params.get("month"), MONTH_OFFSET_MAX);
    const start = monthStart(today, offset);
    return { view: "month", offset, start, end: monthEnd(start) };
  }
  const offset = offsetParam(params.get("week"), WEEK_OFFSET_MAX);
  const start = addDays(today, offset * 7);
  return { view: "week", offset, start, end: addDays(start, 6) };
}

/** The `?week=N` whose 7 days (counted from `today`) hold `date`. */
export function weekOffsetOf(today: string, date: string): number {
  return Math.floor(daysBetween(today, date) / 7);
}

export const SHIFT_MESSAGES = {
  date: "日付は YYYY-MM-DD の形式で指定してください",
  range: "期間の開始日は終了日以前の日付を指定してください",
  range_too_long: `期間は${SCHEDULE_RANGE_MAX_DAYS}日以内で指定してください`,
  outside_range: "指定した期間の外の日付が含まれています",
  duplicate: "同じ日付の出勤が複数あります",
  start: "開始時間を一覧から選択してください",
  end_required: "終了時間を選択してください",
  end: "終了時間は開始時間以降を選択してください",
  saved: "出勤予定を保存しました",
  failed:
    "出勤予定を保存できませんでした。時間をおいてもう一度お試しください。以前の出勤予定はそのまま残っています。",
} as const;

const M = SHIFT_MESSAGES;

export interface Shift {
  date: string;
  start_time: string;
  end_time: string;
}

const zDate = () =>
  z.preprocess(
    blankWhenMissing,
    z.string({ error: M.date }).refine((value) => isIsoDate(value), M.date),
  );

/** A range of days, both ends inclusive, at most SCHEDULE_RANGE_MAX_DAYS long. */
export const ScheduleRangeSchema = z.object({ start: zDate(), end: zDate() }).superRefine((range, ctx) => {
  if (!isIsoDate(range.start) || !isIsoDate(range.end)) return;
  if (range.start > range.end) ctx.addIssue({ code: "custom", path: ["end"], message: M.range });
  else if (daysBetween(range.start, range.end) + 1 > SCHEDULE_RANGE_MAX_DAYS)
    ctx.addIssue({ code: "custom", path: ["end"], message: M.range_too_long });
});

export type ScheduleRange = z.output<typeof ScheduleRangeSchema>;

const ShiftSchema = z
  .object({
    date: zDate(),
    start_time: z.string({ error: M.start }),
    end_time: z.string({ error: M.end }),
  })
  .superRefine((shift, ctx) => {
    if (!SHIFT_START_CHOICES.includes(shift.start_time))
      ctx.addIssue({ code: "custom", path: ["start_time"], message: M.start });
    else if (!isValidShift(shift.start_time, shift.end_time))
      ctx.addIssue({ code: "custom", path: ["end_time"], message: M.end });
  });

/**
 * A replacement of the shifts in a range (ADR 0020 PUT): every shift inside the range, one per
 * day. Days of the range without a shift become days off.
 */
export const ReplaceSchedulesSchema = z
  .object({
    start: zDate(),
    end: zDate(),
    items: z
      .array(ShiftSchema, { error: messages.invalid_type })
      .max(SCHEDULE_RANGE_MAX_DAYS, M.range_too_long),
  })
  .superRefine((value, ctx) => {
    const range = ScheduleRangeSchema.safeParse({ start: value.start, end: value.end });
    if (!range.success) {
      for (const issue of range.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return;
    }
    const seen = new Set<string>();
    value.items.forEach((shift, index) => {
      if (!isIsoDate(shift.date)) return;
      if (shift.date < value.start || shift.date > value.end)
        ctx.addIssue({ code: "custom", path: ["items", index, "date"], message: M.outside_range });
      else if (seen.has(shift.date))
        ctx.addIssue({ code: "custom", path: ["items", index, "date"], message: M.duplicate });
      seen.add(shift.date);
    });
  });

export type ReplaceSchedulesInput = z.output<typeof ReplaceSchedulesSchema>;

/**
 * The week (or any range) form of the schedule page: `shifts.<date>.start_time` and
 * `shifts.<date>.end_time` for every day of `start`…`end`; a blank start is a day off. Messages
 * land on the day's field (`shifts.2026-11-22.end_time`). The output is a replacement.
 */
export const ShiftFormSchema = z
  .object({
    start: zDate(),
    end: zDate(),
    shifts: z
      .record(
        z.string(),
        z.object({
          start_time: z.preprocess(blankWhenMissing, z.string({ error: messages.invalid_type })),
          end_time: z.preprocess(blankWhenMissing, z.string({ error: messages.invalid_type })),
        }),
        { error: messages.invalid_type },
      )
      .default({}),
  })
  .superRefine((form, ctx) => {
    for (const [date, shift] of Object.entries(form.shifts)) {
      const path = (field: string) => ["shifts", date, field];
      if (!isIsoDate(date) || date < form.start || date > form.end) {
        ctx.addIssue({ code: "custom", path: path("start_time"), message: M.outside_range });
        continue;
      }
      if (shift.start_time === "") continue;
      if (!SHIFT_START_CHOICES.includes(shift.start_time))
        ctx.addIssue({ code: "custom", path: path("start_time"), message: M.start });
      else if (shift.end_time === "")
        ctx.addIssue({ code: "custom", path: path("end_time"), message: M.end_required });
      else if (!endChoices(shift.start_time).includes(canonicalEnd(shift.end_time)))
        ctx.addIssue({ code: "custom", path: path("end_time"), message: M.end });
    }
  })
  .transform(
    (form): ReplaceSchedulesInput => ({
      start: form.start,
      end: form.end,
      items: Object.entries(form.shifts)
        .filter(([, shift]) => shift.start_time !== "")
        .map(([date, shift]) => ({ date, start_time: shift.start_time, end_time: shift.end_time }))
        .sort((a, b) => a.date.localeCompare(b.date)),
    }),
  );
