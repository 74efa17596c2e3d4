import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livers, schedules, staffs } from "../../db/schema";
import { listedStaff } from "../shared/staff-query";

export interface PublicShift {
  schedule_id: string;
  staff_id: string;
  date: string;
  start_time: string;
  end_time: string;
  /** The real start and end (ADR 0059); null for OPEN and LAST. */
  starts_at: Date | null;
  ends_at: Date | null;
}

export type ListStaffSchedulesResult = { ok: true; items: PublicShift[] } | { ok: false; error: "not_found" };

/** `GET /api/staffs/{id}/schedules`: a publicly listed staff member's shifts, both ends inclusive. */
export async function listStaffSchedules({
  db,
  input,
}: {
  db: Db;
  input: { staffId: string; start: string; end: string };
}): Promise<ListStaffSchedulesResult> {
  const [staff] = await db
    .select({ uid: staffs.uid })
    .from(staffs)
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .where(and(listedStaff, eq(staffs.uid, input.staffId)));
  if (!staff) return { ok: false, error: "not_found" };
  const items = await db
    .select({
      schedule_id: schedules.schedule_id,
      staff_id: schedules.staff_id,
      date: schedules.date,
      start_time: schedules.start_time,
      end_time: schedules.end_time,
      starts_at: schedules.starts_at,
      ends_at: schedules.ends_at,
    })
    .from(schedules)
    .where(
      and(
        eq(schedules.staff_id, staff.uid),
        gte(schedules.date, input.start),
        lte(schedules.date, input.end),
      ),
    )
    .orderBy(asc(schedules.date));
  return { ok: true, items };
}
