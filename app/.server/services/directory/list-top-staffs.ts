import { asc, desc } from "drizzle-orm";
import { businessDate } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import { type Db, selectByShape } from "../../db/client";
import { staffs } from "../../db/schema";
import { listenerContextOf } from "../shared/listener-context";
import {
  listedStaff,
  type PublicStaff,
  type StaffListContext,
  selectStaffRows,
  toPublicStaff,
} from "../shared/staff-query";
import { shiftValues } from "../shared/todays-shifts";

/** docs/product.md: the top list has 5 staff. */
export const TOP_STAFF_COUNT = 5;

/** `GET /api/staffs/top`: the publicly listed staff with the most followers (ties: newest, then uid). */
export async function listTopStaffs({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  now?: Date;
}): Promise<PublicStaff[]> {
  const context: StaffListContext = {
    today: businessDate(now),
    now,
    listener: await listenerContextOf(db, actor),
  };
  const query = (bind: "values" | "placeholders") =>
    selectStaffRows(db, context, bind)
      .where(listedStaff)
      .orderBy(desc(staffs.follower_number), desc(staffs.sort_new_at), asc(staffs.uid))
      .limit(TOP_STAFF_COUNT);
  // A visitor's list (the top page, signed out) is one statement built once (ADR 0041).
  const rows = context.listener
    ? await query("values")
    : await selectByShape(db, "staff_top", () => query("placeholders")).execute(
        shiftValues(context.today, now),
      );
  return rows.map((row) => toPublicStaff(row, context));
}
