import { randomUUID } from "node:crypto";
import { and, eq, gte, lte } from "drizzle-orm";
import { type ReplaceSchedulesInput, ReplaceSchedulesSchema } from "~/domain/shifts";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { schedules } from "../../db/schema";
import { findManagedStaff } from "../shared/staff-access";
import { type ScheduleEntry, schedulesIn } from "./list-staff-schedules";

export type ReplaceStaffSchedulesResult =
  | { ok: true; items: ScheduleEntry[] }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; message: string };

/**
 * Replaces the shifts of a staff member in a range (ADR 0020): every shift from `start` to `end`
 * (both inclusive) is deleted and the given ones inserted with fresh ids, in one transaction, so a
 * failure leaves the old shifts as they were (ADR 0007: the caller shows a text error). Allowed
 * for the staff member themself and their store (ADR 0020). The staff row is locked, so two
 * replacements of one staff member run one after the other. Ends may run to 翌6:00 ("30:00"); the
 * database derives each row's `starts_at` / `ends_at` from its date and times (ADR 0059).
 */
export async function replaceStaffSchedules({
  db,
  actor,
  staffId,
  input,
}: {
  db: Db;
  actor: Viewer;
  staffId: string;
  /** A range and its shifts; checked here (the JSON API hands it over as it came). */
  input: ReplaceSchedulesInput | { start: unknown; end: unknown; items: unknown };
}): Promise<ReplaceStaffSchedulesResult> {
  const parsed = ReplaceSchedulesSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid", message: parsed.error.issues[0]!.message };
  const { start, end, items } = parsed.data;
  const found = await db.transaction(async (tx) => {
    const found = await findManagedStaff(tx, actor, "staff.schedules.replace", staffId, { lock: true });
    if (!found.ok) return found;
    const { staff } = found;
    await tx
      .delete(schedules)
      .where(and(eq(schedules.staff_id, staff.uid), gte(schedules.date, start), lte(schedules.date, end)));
    if (items.length > 0) {
      await tx.insert(schedules).values(
        items.map((shift) => ({
          schedule_id: randomUUID(),
          staff_id: staff.uid,
          date: shift.date,
          start_time: shift.start_time,
          end_time: shift.end_time,
        })),
      );
    }
    return { ok: true } as const;
  });
  if (!found.ok) return found;
  return { ok: true, items: await schedulesIn(db, staffId, { start, end }) };
}
