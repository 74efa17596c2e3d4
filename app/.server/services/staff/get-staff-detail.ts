import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountActivity, livers, logs, operatorAuditLog, staffHides, staffs } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { activeStaffHide } from "../shared/staff-hide";
import { STORE_HISTORY_LIMIT } from "../stores/get-store-detail";

/**
 * One performer as the operator's page shows her: her profile's key facts, her store, the hide
 * that holds her (if any) and every earlier one, her entries in the store's log and the audit
 * entries about her. Null when there is no such performer.
 */
export async function getStaffDetail({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { staffId: string };
}) {
  await assertOperator(db, actor);
  const [staff] = await db
    .select({
      uid: staffs.uid,
      name: staffs.name,
      name_kana: staffs.name_kana,
      login_id: staffs.login_id,
      slug: staffs.slug,
      status: staffs.status,
      is_displayed: staffs.is_displayed,
      follower_number: staffs.follower_number,
      image_urls: staffs.image_urls,
      created_at: staffs.created_at,
      delete_at: staffs.delete_at,
      liver_id: staffs.liver_id,
      store_name: livers.store_name,
      store_status: livers.status,
      last_login_at: accountActivity.last_login_at,
    })
    .from(staffs)
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .leftJoin(accountActivity, eq(accountActivity.uid, staffs.uid))
    .where(eq(staffs.uid, input.staffId))
    .limit(1);
  if (!staff) return null;
  const [hide, hides, staffLogs, audit] = await Promise.all([
    activeStaffHide(db, staff.uid),
    db
      .select()
      .from(staffHides)
      .where(eq(staffHides.staff_id, staff.uid))
      .orderBy(desc(staffHides.hidden_at))
      .limit(STORE_HISTORY_LIMIT),
    db
      .select({
        log_id: logs.log_id,
        created_at: logs.created_at,
        action: logs.action,
        description: logs.description,
      })
      .from(logs)
      .where(
        and(eq(logs.liver_id, staff.liver_id), eq(logs.target_type, "staffs"), eq(logs.target_id, staff.uid)),
      )
      .orderBy(desc(logs.created_at), desc(logs.log_id))
      .limit(STORE_HISTORY_LIMIT),
    db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.target_type, "staff"), eq(operatorAuditLog.target_id, staff.uid)))
      .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id))
      .limit(STORE_HISTORY_LIMIT),
  ]);
  const { image_urls, ...rest } = staff;
  return { staff: { ...rest, image_url: image_urls[0] ?? null }, hide, hides, logs: staffLogs, audit };
}
