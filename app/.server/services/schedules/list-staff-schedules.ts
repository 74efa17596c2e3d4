import { and, asc, eq, gte, lte } from "drizzle-orm";
import { type ScheduleRange, ScheduleRangeSchema, type Shift } from "~/domain/shifts";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { schedules } from "../../db/schema";
import { findManagedStaff } from "../shared/staff-access";

export interface ScheduleEntry extends Shift {
  schedule_id: string;
  staff_id: string;
  /** The real start and end (ADR 0059); null for OPEN and LAST. */
  starts_at: Date | null;
  ends_at: Date | null;
}

export type ListStaffSchedulesResult =
  | { ok: true; items: ScheduleEntry[] }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; message: string };

/**
 * The shifts of a staff member between two dates, both ends inclusive (ADR 0020), for the staff
 * member themself or their store (ADR 0020).
 */
export async function listStaffSchedules({
  db,
  actor,
  staffId,
  input,
}: {
  db: Db;
  actor: Viewer;
  staffId: string;
  input: { start: unknown; end: unknown };
}): Promise<ListStaffSchedulesResult> {
  const range = ScheduleRangeSchema.safeParse(input);
  if (!range.success) return { ok: false, error: "invalid", message: range.error.issues[0]!.message };
  const found = await findManagedStaff(db, actor, "staff.schedules.read", staffId);
  if (!found.ok) return found;
  return { ok: true, items: await schedulesIn(db, found.staff.uid, range.data) };
}

export async function schedulesIn(db: Db, staffId: string, range: ScheduleRange): Promise<ScheduleEntry[]> {
  return db
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
      and(eq(schedules.staff_id, staffId), gte(schedules.date, range.start), lte(schedules.date, range.end)),
    )
    .orderBy(asc(schedules.date));
}
