import { and, asc, count, desc, eq, gte, inArray, like, lte, type SQL, sql } from "drizzle-orm";
import { areaIdsOfGroup } from "~/domain/areas";
import type { StaffSearch } from "~/domain/directory-search";
import { escapeLike, keywordTerms } from "~/domain/keyword";
import { classWindow, masksInClasses } from "~/domain/matching";
import { businessDate } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { listenerContextOf } from "../shared/listener-context";
import {
  listedStaffRow,
  matchingClassSql,
  matchingScoreSql,
  type PublicStaff,
  published,
  type StaffListContext,
  type StaffRow,
  selectStaffRows,
  toPublicStaff,
} from "../shared/staff-query";
import { directoryClassCounts, directoryTotal } from "./directory-totals";

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The WHERE of a staff search (ADR 0020): every filter only when given, hidden attributes never
 * match. It reads `staffs` alone; the store's conditions (public, area) are a semi-join on the
 * store ids, so the narrow listed-staff indexes can answer without touching the table.
 */
export function staffSearchConditions(db: Db, search: Omit<StaffSearch, "sort" | "page" | "pageSize">): SQL {
  const conditions: SQL[] = [listedStaffRow];
  const add = (condition: SQL | undefined) => condition && conditions.push(condition);

  if (search.liverIds.length > 0) add(inArray(staffs.liver_id, search.liverIds));
  if (search.ageFrom !== undefined || search.ageTo !== undefined) {
    if (search.ageFrom !== undefined) add(gte(staffs.age, search.ageFrom));
    if (search.ageTo !== undefined) add(lte(staffs.age, search.ageTo));
    add(published("age"));
  }
  // A height bound excludes staff without a height (NULL never compares true).
  if (search.heightFrom !== undefined || search.heightTo !== undefined) {
    if (search.heightFrom !== undefined) add(gte(staffs.height, search.heightFrom));
    if (search.heightTo !== undefined) add(lte(staffs.height, search.heightTo));
    add(published("height"));
  }
  const types = [
    [search.bloodTypes, staffs.blood_type, "blood_type"],
    [search.bustTypes, staffs.bust_type, "bust_type"],
    [search.typeTypes, staffs.type_type, "type_type"],
    [search.karaokeTypes, staffs.karaoke_type, "karaoke_type"],
    [search.alcoholTypes, staffs.alcohol_type, "alcohol_type"],
    [search.smokeTypes, staffs.smoke_type, "smoke_type"],
  ] as const;
  for (const [values, column, key] of types) {
    // "" (no answer) is never among the values, so staff without the attribute are excluded.
    if (values.length > 0) {
      add(inArray(column, [...values]));
      add(published(key));
    }
  }
  const terms = keywordTerms(search.keyword);
  if (terms.length > 0) {
    for (const term of terms) add(like(staffs.search_text, `%${escapeLike(term)}%`));
    add(published("name"));
  }
  const store: SQL[] = [eq(livers.status, "public")];
  if (search.region) store.push(eq(livers.region, search.region));
  if (search.prefecture) store.push(eq(livers.prefecture, search.prefecture));
  if (search.group) store.push(inArray(livers.area, areaIdsOfGroup(search.group)));
  if (search.area) store.push(eq(livers.area, search.area));
  if (search.area_detail) store.push(eq(livers.area_detail, search.area_detail));
  add(
    inArray(
      staffs.liver_id,
      db
        .select({ uid: livers.uid })
        .from(livers)
        .where(and(...store)),
    ),
  );
  return and(...conditions)!;
}

/**
 * ORDER BY of a sort (ADR 0020), each ending with the uid so pages never overlap and both
 * databases answer the same order: new = newest of last post and creation; popular = followers;
 * matching = score against the listener, ties by new (new without a listener or her answers).
 */
export function staffOrder(sort: StaffSearch["sort"], listenerMask: number | null): SQL[] {
  const newest = [desc(staffs.sort_new_at), asc(staffs.uid)];
  if (sort === "popular") return [desc(staffs.follower_number), ...newest];
  if (sort === "matching" && listenerMask !== null) return [desc(matchingScoreSql(listenerMask)), ...newest];
  return newest;
}

/**
 * The queries of a search, unexecuted (the benchmark runs the same SQL raw). The page picks its
 * ids first (narrow rows, in index order) and only then reads the rows a card needs, with the
 * store joined; the total is a count of the same WHERE.
 *
 * sort=matching (with a listener) goes by score class (domain/matching.ts): `classes` counts the
 * matches per class (its sum is the total), then `pageOf` reads the page from the classes it
 * covers, by mask. A page inside one class is in `new` order there, so the index walk stops after
 * the page; only a page across classes sorts by score, and only the rows of those classes.
 */
export function buildStaffSearch(db: Db, search: StaffSearch, context: StaffListContext) {
  const where = staffSearchConditions(db, search);
  const offset = (search.page - 1) * search.pageSize;
  const pageBy = (condition: SQL, order: SQL[], skip: number) =>
    selectStaffRows(db, context)
      .where(
        inArray(
          staffs.uid,
          db
            .select({ uid: staffs.uid })
            .from(staffs)
            .where(condition)
            .orderBy(...order)
            .limit(search.pageSize)
            .offset(skip),
        ),
      )
      .orderBy(...order);

  // Without a listener's answers there is no score to sort by: `new` (ADR 0060).
  const mask = context.listener?.mask ?? null;
  if (search.sort === "matching" && mask !== null) {
    const cls = matchingClassSql(mask);
    const classes = db
      .select({ cls: cls.mapWith(Number), n: count() })
      .from(staffs)
      .where(where)
      .groupBy(cls);
    const pageOf = (counts: { cls: number; n: number }[]) => {
      const window = classWindow(counts, offset, search.pageSize);
      if (!window) return null;
      const masks = masksInClasses(mask, window.classes);
      // Integers made here, so an inline array literal (one constant, not thousands of parameters).
      const inClasses = and(
        where,
        sql`${staffs.matching_mask} = any(${sql.raw(`'{${masks.join(",")}}'::int[]`)})`,
      )!;
      const order = window.classes.length === 1 ? staffOrder("new", null) : staffOrder("matching", mask);
      return pageBy(inClasses, order, window.skip);
    };
    return { kind: "classes" as const, classes, pageOf };
  }

  const order = staffOrder(search.sort, mask);
  const page = pageBy(where, order, offset);
  const total = db.select({ n: count() }).from(staffs).where(where);
  return { kind: "paged" as const, page, total };
}

/** `GET /api/staffs` and `/search/staff`: one page of publicly listed staff and the total. */
export async function searchStaffs({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: StaffSearch;
  now?: Date;
}): Promise<ListPage<PublicStaff>> {
  const context: StaffListContext = {
    today: businessDate(now),
    now,
    listener: await listenerContextOf(db, actor),
  };
  const plan = buildStaffSearch(db, input, context);
  let rows: StaffRow[];
  let total: number;
  if (plan.kind === "classes") {
    const counts = await directoryClassCounts(db, plan.classes);
    total = counts.reduce((sum, c) => sum + c.n, 0);
    rows = (await plan.pageOf(counts)) ?? [];
  } else {
    [rows, total] = await Promise.all([plan.page, directoryTotal(db, plan.total)]);
  }
  return {
    items: rows.map((row) => toPublicStaff(row, context)),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
