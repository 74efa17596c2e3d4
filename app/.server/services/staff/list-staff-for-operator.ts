import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import type { StaffFilter } from "~/domain/admin-stores";
import { escapeLike, keywordTerms } from "~/domain/keyword";
import type { Db } from "../../db/client";
import { livers, staffHides, staffs } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

/**
 * Every performer of every store (ADR 0033 "staff"), newest first: searched by name or
 * reading (folded like the directory), her whole login ID or id, filtered by state or by store.
 */
export async function listStaffForOperator({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { keyword: string; status: StaffFilter; liverId: string | null; page: number };
}) {
  await assertOperator(db, actor);
  const hidden = sql<boolean>`${staffHides.id} is not null`;
  const conditions: (SQL | undefined)[] = [];
  const keyword = input.keyword.trim();
  if (keyword) {
    const terms = keywordTerms(keyword).map(
      (term) => sql`${staffs.search_text} like ${`%${escapeLike(term)}%`}`,
    );
    // A login ID is looked up whole (case-insensitive, on its unique index): a part of one would
    // scan every performer.
    conditions.push(
      or(and(...terms), eq(sql`lower(${staffs.login_id})`, keyword.toLowerCase()), eq(staffs.uid, keyword)),
    );
  }
  if (input.liverId) conditions.push(eq(staffs.liver_id, input.liverId));
  if (input.status === "deleted") conditions.push(eq(staffs.status, "deleted"));
  else if (input.status !== "all") {
    conditions.push(eq(staffs.status, "public"));
    if (input.status === "displayed") conditions.push(eq(staffs.is_displayed, true));
    if (input.status === "hidden") conditions.push(eq(staffs.is_displayed, false), isNull(staffHides.id));
    if (input.status === "operator_hidden") conditions.push(sql`${staffHides.id} is not null`);
  }
  const where = and(...conditions);
  const activeHide = and(eq(staffHides.staff_id, staffs.uid), isNull(staffHides.lifted_at));
  // The hides are joined for the count only when the filter reads them.
  const counted = db.select({ n: count() }).from(staffs);
  const [totalRow] = await (input.status === "hidden" || input.status === "operator_hidden"
    ? counted.leftJoin(staffHides, activeHide).where(where)
    : counted.where(where));
  const items = await db
    .select({
      uid: staffs.uid,
      name: staffs.name,
      name_kana: staffs.name_kana,
      login_id: staffs.login_id,
      status: staffs.status,
      is_displayed: staffs.is_displayed,
      operator_hidden: hidden,
      follower_number: staffs.follower_number,
      image_url: sql<string | null>`${staffs.image_urls}[1]`,
      liver_id: staffs.liver_id,
      store_name: livers.store_name,
      store_status: livers.status,
      created_at: staffs.created_at,
    })
    .from(staffs)
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .leftJoin(staffHides, activeHide)
    .where(where)
    .orderBy(desc(staffs.created_at), desc(staffs.uid))
    .limit(ADMIN_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  return { items, total: totalRow?.n ?? 0, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}
