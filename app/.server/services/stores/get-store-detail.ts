import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { areaLabel } from "~/domain/areas/index";
import type { Db } from "../../db/client";
import {
  accountActivity,
  livers,
  logs,
  operatorAuditLog,
  plans,
  staffHides,
  staffs,
  storeReviews,
  storeSuspensions,
} from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

/** How many entries of each history the store's page shows (newest first). */
export const STORE_HISTORY_LIMIT = 50;

/**
 * One store as the operator's page shows it (ADR 0033): the store, the plan catalogue to pick
 * from, its performers (deleted ones too), every suspension it had (the operator's and billing's),
 * and its history — the store's own activity log and the audit entries about it or its staff.
 * Null when there is no such store.
 */
export async function getStoreDetail({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { liverId: string };
}) {
  await assertOperator(db, actor);
  const [store] = await db
    .select({
      uid: livers.uid,
      store_name: livers.store_name,
      store_name_kana: livers.store_name_kana,
      slug: livers.slug,
      email: livers.email,
      status: livers.status,
      store_type: livers.store_type,
      prefecture: livers.prefecture,
      area: livers.area,
      area_detail: livers.area_detail,
      phone_number: livers.phone_number,
      is_individual: livers.is_individual,
      plan_id: livers.plan_id,
      new_plan_id: livers.new_plan_id,
      limit_staff: livers.limit_staff,
      order: livers.order,
      follower_number: livers.follower_number,
      image_url: livers.image_urls,
      created_at: livers.created_at,
      updated_at: livers.updated_at,
      last_login_at: accountActivity.last_login_at,
      reviewed_at: storeReviews.reviewed_at,
      reviewed_by_email: storeReviews.reviewed_by_email,
    })
    .from(livers)
    .leftJoin(accountActivity, eq(accountActivity.uid, livers.uid))
    .leftJoin(storeReviews, eq(storeReviews.liver_id, livers.uid))
    .where(eq(livers.uid, input.liverId))
    .limit(1);
  if (!store) return null;

  const [planList, staffRows, suspensions, storeLogs, [ranked]] = await Promise.all([
    db
      .select({
        id: plans.id,
        name: plans.name,
        monthly_price: plans.monthly_price,
        limit_staff: plans.limit_staff,
        is_active: plans.is_active,
      })
      .from(plans)
      .orderBy(asc(plans.sort_order), asc(plans.monthly_price)),
    db
      .select({
        uid: staffs.uid,
        name: staffs.name,
        name_kana: staffs.name_kana,
        login_id: staffs.login_id,
        status: staffs.status,
        is_displayed: staffs.is_displayed,
        follower_number: staffs.follower_number,
        order: staffs.order,
        operator_hidden: sql<boolean>`${staffHides.id} is not null`,
      })
      .from(staffs)
      .leftJoin(staffHides, and(eq(staffHides.staff_id, staffs.uid), isNull(staffHides.lifted_at)))
      .where(eq(staffs.liver_id, input.liverId))
      .orderBy(asc(staffs.status), asc(staffs.order), asc(staffs.created_at))
      .limit(500),
    db
      .select()
      .from(storeSuspensions)
      .where(eq(storeSuspensions.liver_id, input.liverId))
      .orderBy(desc(storeSuspensions.suspended_at))
      .limit(STORE_HISTORY_LIMIT),
    db
      .select({
        log_id: logs.log_id,
        created_at: logs.created_at,
        action: logs.action,
        target_type: logs.target_type,
        description: logs.description,
      })
      .from(logs)
      .where(eq(logs.liver_id, input.liverId))
      .orderBy(desc(logs.created_at), desc(logs.log_id))
      .limit(STORE_HISTORY_LIMIT),
    db.select({ n: count() }).from(livers).where(isNotNull(livers.order)),
  ]);

  const staffIds = staffRows.map((s) => s.uid);
  const audit = await db
    .select()
    .from(operatorAuditLog)
    .where(
      or(
        and(eq(operatorAuditLog.target_type, "liver"), eq(operatorAuditLog.target_id, input.liverId)),
        staffIds.length > 0
          ? and(eq(operatorAuditLog.target_type, "staff"), inArray(operatorAuditLog.target_id, staffIds))
          : undefined,
      ),
    )
    .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id))
    .limit(STORE_HISTORY_LIMIT);

  const { image_url, reviewed_at, reviewed_by_email, prefecture, area, area_detail, ...rest } = store;
  return {
    store: {
      ...rest,
      area_label: areaLabel({ prefecture, area, area_detail }),
      image_url: image_url[0] ?? null,
      review: reviewed_at ? { at: reviewed_at, by: reviewed_by_email } : null,
    },
    plans: planList,
    staff: staffRows,
    suspensions,
    rankedCount: ranked?.n ?? 0,
    logs: storeLogs,
    audit,
  };
}
