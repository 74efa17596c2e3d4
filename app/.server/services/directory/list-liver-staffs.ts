import { and, asc, eq } from "drizzle-orm";
import { businessDate } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { listenerContextOf } from "../shared/listener-context";
import {
  countStaffRows,
  listedStaff,
  type PublicStaff,
  type StaffListContext,
  selectStaffRows,
  toPublicStaff,
} from "../shared/staff-query";
import type { ListPage } from "./search-staffs";

export type ListLiverStaffsResult =
  | ({ ok: true } & ListPage<PublicStaff>)
  | { ok: false; error: "not_found" };

/** A public store's publicly listed staff in the store's `order` (then uid), with today's shift. */
export async function listLiverStaffs({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: { liverId: string; page: number; pageSize: number };
  now?: Date;
}): Promise<ListLiverStaffsResult> {
  const [store] = await db
    .select({ uid: livers.uid })
    .from(livers)
    .where(and(eq(livers.uid, input.liverId), eq(livers.status, "public")));
  if (!store) return { ok: false, error: "not_found" };
  const context: StaffListContext = {
    today: businessDate(now),
    now,
    listener: await listenerContextOf(db, actor),
  };
  const where = and(listedStaff, eq(staffs.liver_id, store.uid));
  const [rows, [counted]] = await Promise.all([
    selectStaffRows(db, context)
      .where(where)
      .orderBy(asc(staffs.order), asc(staffs.uid))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    countStaffRows(db).where(where),
  ]);
  return {
    ok: true,
    items: rows.map((row) => toPublicStaff(row, context)),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
