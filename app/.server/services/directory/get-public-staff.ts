import { and, asc, eq, gte, lte } from "drizzle-orm";
import { matchedKeys } from "~/domain/matching";
import type { MatchingKey } from "~/domain/options";
import { businessDate, businessDates } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { schedules, staffs } from "../../db/schema";
import { listenerContextOf } from "../shared/listener-context";
import {
  type LookupKey,
  listedStaff,
  lookupCondition,
  type PublicStaff,
  type StaffListContext,
  selectStaffRows,
  toPublicStaff,
} from "../shared/staff-query";

/** How many days of shifts a staff page shows (today first). */
export const SCHEDULE_DAYS = 14;

export interface ScheduleDay {
  date: string;
  shift: { start_time: string; end_time: string } | null;
}

export interface PublicStaffDetail {
  staff: PublicStaff;
  /** The coming SCHEDULE_DAYS business days, each with its shift or null. */
  schedule: ScheduleDay[];
  /** With a signed-in listener who answered: the questions answered alike (the explanation of the score). */
  matched_keys: MatchingKey[] | null;
}

export type GetPublicStaffResult =
  | { ok: true; detail: PublicStaffDetail }
  | { ok: false; error: "not_found" };

/**
 * One publicly listed staff member by id or slug (`by: "either"` tries the id first: page URLs
 * accept both), with the coming two weeks of shifts and, for a listener, what matched.
 */
export async function getPublicStaff({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: LookupKey;
  now?: Date;
}): Promise<GetPublicStaffResult> {
  const listener = await listenerContextOf(db, actor);
  const context: StaffListContext = { today: businessDate(now), now, listener };
  const rows = await selectStaffRows(db, context)
    .where(and(listedStaff, lookupCondition(staffs.uid, staffs.slug, input)))
    // An id that is also another staff member's slug: the id wins.
    .orderBy(asc(staffs.uid))
    .limit(2);
  const row = rows.find((r) => r.uid === input.key) ?? rows[0];
  if (!row) return { ok: false, error: "not_found" };

  const dates = businessDates(now, SCHEDULE_DAYS);
  const shifts = await db
    .select({ date: schedules.date, start_time: schedules.start_time, end_time: schedules.end_time })
    .from(schedules)
    .where(
      and(
        eq(schedules.staff_id, row.uid),
        gte(schedules.date, dates[0]!),
        lte(schedules.date, dates[dates.length - 1]!),
      ),
    );
  const byDate = new Map(shifts.map((s) => [s.date, { start_time: s.start_time, end_time: s.end_time }]));
  const staff = toPublicStaff(row, context);
  return {
    ok: true,
    detail: {
      staff,
      schedule: dates.map((date) => ({ date, shift: byDate.get(date) ?? null })),
      // Before her first answer there is nothing to explain (ADR 0060).
      matched_keys:
        listener && listener.mask !== null ? matchedKeys(listener.matching_info, staff.matching_info) : null,
    },
  };
}
