import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { businessDate } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import { type Db, selectByShape } from "../../db/client";
import { favorites, schedules, staffs } from "../../db/schema";
import { listenerContextOf } from "../shared/listener-context";
import {
  listedStaff,
  type PublicStaff,
  type StaffListContext,
  selectStaffRows,
  toPublicStaff,
} from "../shared/staff-query";
import { shiftValues, todaysShifts, todaysShiftsByPlaceholders } from "../shared/todays-shifts";

/**
 * Publicly listed staff with a shift on today's business day, newest first: for the top page
 * (`followedBy` unset) or a listener's home (only the staff they follow). A shift of the day before
 * that is still running at `now` (until 翌6:00) counts as today's until it ends (ADR 0059).
 */
export async function listStaffsOnShift({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: { limit: number; followedOnly?: boolean };
  now?: Date;
}): Promise<{ today: string; items: PublicStaff[] }> {
  const listener = await listenerContextOf(db, actor);
  const context: StaffListContext = { today: businessDate(now), now, listener };
  if (input.followedOnly && !listener) return { today: context.today, items: [] };
  const conditions: SQL[] = [
    listedStaff,
    inArray(
      staffs.uid,
      db.select({ id: schedules.staff_id }).from(schedules).where(todaysShifts(context.today, now)),
    ),
  ];
  if (input.followedOnly && listener) {
    conditions.push(
      inArray(
        staffs.uid,
        db.select({ id: favorites.staff_id }).from(favorites).where(eq(favorites.uid, listener.uid)),
      ),
    );
  }
  const limit = Math.max(1, Math.min(50, input.limit));
  // A visitor's list (the top page, signed out) is one statement built once (ADR 0041).
  const rows = listener
    ? await selectStaffRows(db, context)
        .where(and(...conditions))
        .orderBy(desc(staffs.sort_new_at), asc(staffs.uid))
        .limit(limit)
    : await selectByShape(db, "staff_on_shift", () =>
        selectStaffRows(db, context, "placeholders")
          .where(
            and(
              listedStaff,
              inArray(
                staffs.uid,
                db.select({ id: schedules.staff_id }).from(schedules).where(todaysShiftsByPlaceholders()),
              ),
            ),
          )
          .orderBy(desc(staffs.sort_new_at), asc(staffs.uid))
          .limit(sql.placeholder("limit")),
      ).execute({ ...shiftValues(context.today, now), limit });
  return { today: context.today, items: rows.map((row) => toPublicStaff(row, context)) };
}
