import { and, arrayOverlaps, asc, count, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { areaIdsOfGroup } from "~/domain/areas";
import type { LiverSearch } from "~/domain/directory-search";
import { escapeLike, keywordTerms } from "~/domain/keyword";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema";
import { liverColumns, type PublicLiver, toPublicLiver } from "../shared/liver-query";
import { directoryTotal } from "./directory-totals";
import type { ListPage } from "./search-staffs";

/** The WHERE of a store search: the criteria of docs/product.md in turn, each only when given. */
export function liverSearchConditions(search: Omit<LiverSearch, "page" | "pageSize">): SQL {
  const conditions: SQL[] = [eq(livers.status, "public")];
  const add = (condition: SQL) => conditions.push(condition);
  if (search.is_individual !== undefined) add(eq(livers.is_individual, search.is_individual));
  if (search.ids.length > 0) add(inArray(livers.uid, search.ids));
  if (search.region) add(eq(livers.region, search.region));
  if (search.prefecture) add(eq(livers.prefecture, search.prefecture));
  // A group is a set of areas (ADR 0020): stores in any of them match.
  if (search.group) add(inArray(livers.area, areaIdsOfGroup(search.group)));
  if (search.area) add(eq(livers.area, search.area));
  if (search.area_detail) add(eq(livers.area_detail, search.area_detail));
  if (search.store_type) add(eq(livers.store_type, search.store_type));
  for (const term of keywordTerms(search.keyword)) add(like(livers.search_text, `%${escapeLike(term)}%`));
  if (search.areas.length > 0) add(inArray(livers.area, search.areas));
  if (search.storeTypes.length > 0) add(inArray(livers.store_type, search.storeTypes));
  if (search.services.length > 0) add(arrayOverlaps(livers.services, search.services));
  if (search.commitments.length > 0) add(arrayOverlaps(livers.commitments, search.commitments));
  return and(...conditions)!;
}

/** `order` ascending with stores without one last, then newest, then the uid (a total order). */
export const liverOrder: SQL[] = [
  sql`${livers.order} asc nulls last`,
  desc(livers.created_at),
  asc(livers.uid),
];

export function buildLiverSearch(db: Db, search: LiverSearch, listener: { uid: string } | null) {
  const where = liverSearchConditions(search);
  const page = db
    .select(liverColumns(listener))
    .from(livers)
    .where(where)
    .orderBy(...liverOrder)
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  const total = db.select({ n: count() }).from(livers).where(where);
  return { page, total };
}

/** `GET /api/livers` and `/search/liver`: one page of public stores and the total. */
export async function searchLivers({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer | null;
  input: LiverSearch;
}): Promise<ListPage<PublicLiver>> {
  const listener = actor?.type === "listener" ? { uid: actor.uid } : null;
  const { page, total } = buildLiverSearch(db, input, listener);
  const [rows, counted] = await Promise.all([page, directoryTotal(db, total)]);
  return {
    items: rows.map((row) => toPublicLiver(row, listener)),
    total: counted,
    page: input.page,
    pageSize: input.pageSize,
  };
}
