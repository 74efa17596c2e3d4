import { and, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { addDays } from "~/domain/shifts";
import { schedules } from "../../db/schema";

/**
 * The shifts that are "today's" at `now` (ADR 0010, ADR 0059): those of today's business date, and
 * those of the day before that are still running — an end up to 翌6:00 outlasts the 05:00 boundary,
 * and the boundary must not cut a shift short. A LAST end has no instant: it is the store's closing,
 * which is never later than the end of its business day (ADR 0010). Without `now`, only today's date.
 */
export function todaysShifts(today: string, now?: Date): SQL {
  if (!now) return eq(schedules.date, today);
  return or(
    eq(schedules.date, today),
    and(eq(schedules.date, addDays(today, -1)), gt(schedules.ends_at, now)),
  )!;
}

/**
 * `todaysShifts` with its values as the placeholders `today`, `yesterday` and `now` (`shiftValues`),
 * for a statement built once per shape (db/client.ts `selectByShape`, ADR 0041).
 */
export function todaysShiftsByPlaceholders(): SQL {
  return or(
    eq(schedules.date, sql.placeholder("today")),
    and(eq(schedules.date, sql.placeholder("yesterday")), gt(schedules.ends_at, sql.placeholder("now"))),
  )!;
}

/** The values of `todaysShiftsByPlaceholders` for the business date `today` at `now`. */
export function shiftValues(today: string, now: Date) {
  return { today, yesterday: addDays(today, -1), now: now.toISOString() };
}
