import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { clampPage, totalPages } from "~/domain/paging";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, logs, staffHides, staffs } from "../../db/schema/index";
import { listStaffInvitations, type StaffInvitationSummary } from "./list-staff-invitations";

export const LOG_PAGE_SIZE = 20;

export interface ManagedStaff {
  uid: string;
  name: string;
  name_kana: string;
  login_id: string | null;
  image_url: string | null;
  is_displayed: boolean;
  /** Hidden by the operator (ADR 0033): the store cannot show her again. */
  operator_hidden: boolean;
  updated_display_at: Date | null;
  order: number;
  follower_number: number;
  created_at: Date;
}

export interface StoreLogEntry {
  log_id: string;
  created_at: Date;
  action: string;
  target_type: string;
  description: string;
}

export interface StaffManagement {
  store: { store_name: string; limit_staff: number; status: string };
  staff: ManagedStaff[];
  invitations: StaffInvitationSummary[];
  logs: { items: StoreLogEntry[]; total: number; page: number; pageSize: number };
}

/**
 * Everything the staff page of a store shows (docs/product.md `/liver/mypage/staff`): its staff in
 * `order` (deleted ones are gone from the list, their entries stay in the log), the invitation
 * links, and a page of the activity log, newest first.
 */
export async function getStaffManagement({
  db,
  actor,
  logPage = 1,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  logPage?: number;
  now?: Date;
}): Promise<StaffManagement | null> {
  if (roleRefusal(actor, "staff.list")) return null;
  const [store] = await db
    .select({ store_name: livers.store_name, limit_staff: livers.limit_staff, status: livers.status })
    .from(livers)
    .where(eq(livers.uid, actor.uid));
  if (!store) return null;

  const rows = await db
    .select({
      uid: staffs.uid,
      name: staffs.name,
      name_kana: staffs.name_kana,
      login_id: staffs.login_id,
      image_urls: staffs.image_urls,
      is_displayed: staffs.is_displayed,
      operator_hidden: sql<boolean>`exists (select 1 from ${staffHides} where ${staffHides.staff_id} = ${staffs.uid} and ${staffHides.lifted_at} is null)`,
      updated_display_at: staffs.updated_display_at,
      order: staffs.order,
      follower_number: staffs.follower_number,
      created_at: staffs.created_at,
    })
    .from(staffs)
    .where(and(eq(staffs.liver_id, actor.uid), eq(staffs.status, "public")))
    .orderBy(asc(staffs.order), asc(staffs.created_at), asc(staffs.uid));

  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(logs)
    .where(eq(logs.liver_id, actor.uid));
  const page = clampPage(logPage, totalPages(total, LOG_PAGE_SIZE));
  const items = await db
    .select({
      log_id: logs.log_id,
      created_at: logs.created_at,
      action: logs.action,
      target_type: logs.target_type,
      description: logs.description,
    })
    .from(logs)
    .where(eq(logs.liver_id, actor.uid))
    .orderBy(desc(logs.created_at), desc(logs.log_id))
    .limit(LOG_PAGE_SIZE)
    .offset((page - 1) * LOG_PAGE_SIZE);

  return {
    store,
    staff: rows.map(({ image_urls, ...row }) => ({ ...row, image_url: image_urls[0] ?? null })),
    invitations: await listStaffInvitations({ db, actor, now }),
    logs: { items, total, page, pageSize: LOG_PAGE_SIZE },
  };
}
