import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import type { StoreStatusFilter } from "~/domain/admin-stores";
import { escapeLike, keywordTerms } from "~/domain/keyword";
import type { StoreStatus } from "~/domain/options";
import type { Db } from "../../db/client";
import { accountActivity, livers, plans, staffs, storeReviews } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface StoreListItem {
  uid: string;
  store_name: string;
  store_name_kana: string;
  email: string;
  status: StoreStatus;
  plan_name: string | null;
  limit_staff: number;
  /** Staff not deleted (listed or hidden). */
  staff_count: number;
  follower_number: number;
  order: number | null;
  last_login_at: Date | null;
  created_at: Date;
  reviewed: boolean;
}

/**
 * Every store, whatever its status (ADR 0033), newest first, a page at a time: searched by
 * name or reading (folded like the directory's keyword), address or id; filtered by status and
 * by "no operator has looked at it yet". With each: its plan, staff count, followers and last login.
 */
export async function listStores({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { keyword: string; status: StoreStatusFilter; review: "waiting" | "all"; page: number };
}): Promise<{
  items: StoreListItem[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<StoreStatus, number>;
}> {
  await assertOperator(db, actor);
  const conditions: SQL[] = [];
  const keyword = input.keyword.trim();
  if (keyword) {
    const terms = keywordTerms(keyword).map(
      (term) => sql`${livers.search_text} like ${`%${escapeLike(term)}%`}`,
    );
    conditions.push(
      or(
        and(...terms),
        ilike(livers.email, `%${escapeLike(keyword)}%`),
        eq(livers.uid, keyword),
        eq(livers.slug, keyword),
      )!,
    );
  }
  if (input.review === "waiting")
    conditions.push(isNull(storeReviews.liver_id), ne(livers.status, "deleted"));
  const filtered = and(...conditions);
  const where = and(filtered, input.status === "all" ? undefined : eq(livers.status, input.status));

  const [totalRow] = await db
    .select({ n: count() })
    .from(livers)
    .leftJoin(storeReviews, eq(storeReviews.liver_id, livers.uid))
    .where(where);
  const statusRows = await db
    .select({ status: livers.status, n: count() })
    .from(livers)
    .leftJoin(storeReviews, eq(storeReviews.liver_id, livers.uid))
    .where(filtered)
    .groupBy(livers.status);
  const rows = await db
    .select({
      uid: livers.uid,
      store_name: livers.store_name,
      store_name_kana: livers.store_name_kana,
      email: livers.email,
      status: livers.status,
      plan_name: plans.name,
      limit_staff: livers.limit_staff,
      follower_number: livers.follower_number,
      order: livers.order,
      last_login_at: accountActivity.last_login_at,
      created_at: livers.created_at,
      reviewed_at: storeReviews.reviewed_at,
    })
    .from(livers)
    .leftJoin(plans, eq(plans.id, livers.plan_id))
    .leftJoin(accountActivity, eq(accountActivity.uid, livers.uid))
    .leftJoin(storeReviews, eq(storeReviews.liver_id, livers.uid))
    .where(where)
    .orderBy(desc(livers.created_at), desc(livers.uid))
    .limit(ADMIN_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);

  // Staff counted for the page's stores only (a count in the select list would run for every
  // row skipped by the offset too).
  const staffRows =
    rows.length === 0
      ? []
      : await db
          .select({ liver_id: staffs.liver_id, n: count() })
          .from(staffs)
          .where(
            and(
              inArray(
                staffs.liver_id,
                rows.map((row) => row.uid),
              ),
              eq(staffs.status, "public"),
            ),
          )
          .groupBy(staffs.liver_id);
  const staffCount = new Map(staffRows.map((row) => [row.liver_id, row.n]));
  const counts: Record<StoreStatus, number> = { public: 0, private: 0, suspended: 0, deleted: 0 };
  for (const row of statusRows) counts[row.status] = row.n;
  return {
    items: rows.map(({ reviewed_at, ...row }) => ({
      ...row,
      staff_count: staffCount.get(row.uid) ?? 0,
      reviewed: reviewed_at !== null,
    })),
    total: totalRow?.n ?? 0,
    page: input.page,
    pageSize: ADMIN_PAGE_SIZE,
    counts,
  };
}
