/**
 * The SQL pieces of the feeds (ADR 0024): which posts are listed, the filters, the orders and
 * the columns of an item. `list-posts.ts` composes them; the benchmark prints the same statements.
 *
 * Listed = the post is public, its store (`posts.liver_id`, the store of a staff post too) is
 * public, and a staff author is listed (status public and displayed). Both author checks are
 * semi-joins on narrow id sets (hashed by PostgreSQL), so a page walks `posts` in index order and
 * stops after the page; see ADR 0024.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { FeedSearch } from "~/domain/feed-search";
import { STORE_POST_CLASS } from "~/domain/feed-search";
import { type Db, rowsByShape } from "../../db/client";
import { favorites, livers, posts, staffs } from "../../db/schema";
import { listedStaff, listedStaffRow, matchingClassSql, published } from "../shared/staff-query";

export type FeedFilters = Omit<FeedSearch, "sort" | "page" | "pageSize">;

/**
 * How a value enters a statement: as a parameter of this request's statement (`values`), or as a
 * placeholder named after it, for a statement built once per shape and executed with the values
 * (`placeholders`: `selectByShape`/`rowsByShape`, ADR 0041).
 */
export type Bind = "values" | "placeholders";

function bound(bind: Bind, name: string, value: unknown) {
  return bind === "placeholders" ? sql.placeholder(name) : sql.param(value);
}

/** The ids of public stores, in the area filter when one is given. */
function publicStoreIds(db: Db, filters: FeedFilters) {
  return db
    .select({ uid: livers.uid })
    .from(livers)
    .where(and(eq(livers.status, "public"), ...storeArea(filters)));
}

/**
 * How the staff author is checked. `page`: a correlated lookup by primary key per post walked, so
 * a page that stops after a few dozen index entries costs a few dozen lookups. `count`: one hash
 * of every listed staff id, probed by every post (a total reads them all). Hashing ~35,000 ids
 * costs more than a whole page, hence two forms of the same condition (ADR 0024).
 */
export type FeedMode = "page" | "count";

function staffIsListed(db: Db, mode: FeedMode, masks?: readonly number[]): SQL {
  const where = masks
    ? and(listedStaffRow, sql`${staffs.matching_mask} = any(${sql.raw(`'{${masks.join(",")}}'::int[]`)})`)!
    : listedStaffRow;
  if (mode === "count")
    return inArray(posts.staff_id, db.select({ uid: staffs.uid }).from(staffs).where(where));
  // A scalar subquery, not EXISTS: PostgreSQL may turn an EXISTS into the hashed form again.
  return sql`coalesce((select ${where} from ${staffs} where ${staffs.uid} = ${posts.staff_id}), false)`;
}

/** The filters on the post itself (source, kind, author, store). */
function postFilters(filters: FeedFilters, bind: Bind = "values"): SQL[] {
  const conditions: SQL[] = [];
  if (filters.source.length > 0)
    conditions.push(sql`${posts.source} = any(${bound(bind, "source", filters.source)}::text[])`);
  if (filters.kind.length > 0)
    conditions.push(sql`${posts.kind} = any(${bound(bind, "kind", filters.kind)}::text[])`);
  if (filters.staffId !== undefined)
    conditions.push(eq(posts.staff_id, bound(bind, "staffId", filters.staffId)));
  if (filters.liverId !== undefined)
    conditions.push(eq(posts.liver_id, bound(bind, "liverId", filters.liverId)));
  return conditions;
}

/** The area filter on a store (`livers` in the query). */
function storeArea(filters: FeedFilters, bind: Bind = "values"): SQL[] {
  const area: SQL[] = [];
  if (filters.region) area.push(eq(livers.region, bound(bind, "region", filters.region)));
  if (filters.prefecture) area.push(eq(livers.prefecture, bound(bind, "prefecture", filters.prefecture)));
  return area;
}

/**
 * The shape of the follow feed's statements: which filters are given. Their text depends on
 * nothing else, so each shape is built once (`selectByShape`) and run with `followingValues`.
 */
export function followingShape(filters: FeedFilters): string {
  return [
    filters.source.length > 0 && "source",
    filters.kind.length > 0 && "kind",
    filters.staffId !== undefined && "staff",
    filters.liverId !== undefined && "liver",
    areaShape(filters),
  ]
    .filter(Boolean)
    .join(",");
}

/** The part of a shape `storeArea` decides: which area filters are given. */
function areaShape(filters: FeedFilters): string {
  return [filters.region && "region", filters.prefecture && "prefecture"].filter(Boolean).join(",");
}

/** The placeholders' values of the follow feed's statements (the filters and the followed authors). */
export function followingValues(filters: FeedFilters, followed?: FollowedAuthors): Record<string, unknown> {
  return {
    source: filters.source,
    kind: filters.kind,
    staffId: filters.staffId,
    liverId: filters.liverId,
    region: filters.region,
    prefecture: filters.prefecture,
    staff: followed?.staff,
    stores: followed?.stores,
  };
}

/** The listener's follows whose authors are listed now, read once for a request (ADR 0024). */
export interface FollowedAuthors {
  staff: string[];
  stores: string[];
}

function followedQueries(db: Db, filters: FeedFilters, listenerUid: string, bind: Bind = "values") {
  const listener = bound(bind, "listener", listenerUid);
  const staff = db
    .select({ id: favorites.staff_id })
    .from(favorites)
    .innerJoin(staffs, eq(staffs.uid, favorites.staff_id))
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .where(
      and(
        eq(favorites.uid, listener),
        isNotNull(favorites.staff_id),
        listedStaff,
        ...storeArea(filters, bind),
      ),
    );
  const stores = db
    .select({ id: favorites.liver_id })
    .from(favorites)
    .innerJoin(livers, eq(livers.uid, favorites.liver_id))
    .where(
      // `is not null` tells the planner how few rows each kind of follow has (a follow is one kind).
      and(
        eq(favorites.uid, listener),
        isNotNull(favorites.liver_id),
        eq(livers.status, "public"),
        ...storeArea(filters, bind),
      ),
    );
  return { staff, stores };
}

/**
 * The listed follows of a listener as two id lists, in one statement (built once per area filter).
 * The feed's page and total then take them as array parameters: each plans in a fraction of a
 * millisecond, and the follows are narrowed once per request instead of once per statement.
 */
export async function followedAuthors(
  db: Db,
  filters: FeedFilters,
  listenerUid: string,
): Promise<FollowedAuthors> {
  const statement = rowsByShape<{ staff: string[] | null; stores: string[] | null }>(
    db,
    `feed_followed:${areaShape(filters)}`,
    () => {
      const { staff, stores } = followedQueries(db, filters, "", "placeholders");
      return sql`select array(${staff}) as staff, array(${stores}) as stores`;
    },
  );
  const [row] = await statement.execute({
    listener: listenerUid,
    region: filters.region,
    prefecture: filters.prefecture,
  });
  return { staff: row?.staff ?? [], stores: row?.stores ?? [] };
}

/**
 * The follow feed in two parts: the public posts of the followed staff that are listed (their
 * store public, in the area), and the store posts of the followed public stores (in the area).
 * Whether an author is listed is decided once on the listener's follows (`= any(array(…))`, a
 * constant array), not per post, so each part is a range of `posts_public_staff_posted_idx` /
 * `posts_public_store_posted_idx` and a total is two index-only scans (ADR 0024).
 */
export function followingParts(
  db: Db,
  filters: FeedFilters,
  listener: string | FollowedAuthors,
  bind: Bind = "values",
): { staff: SQL; store: SQL } {
  const ids =
    typeof listener === "string"
      ? (() => {
          const queries = followedQueries(db, filters, listener, bind);
          return { staff: sql`array(${queries.staff})`, stores: sql`array(${queries.stores})` };
        })()
      : {
          staff: sql`${bound(bind, "staff", listener.staff)}::text[]`,
          stores: sql`${bound(bind, "stores", listener.stores)}::text[]`,
        };
  // 'public' as a literal, not a parameter: the follow feed's statements are prepared (ADR 0024),
  // and only a literal lets a generic plan use the partial `posts_public_*` indexes.
  const common = [sql`${posts.status} = 'public'`, ...postFilters(filters, bind)];
  return {
    staff: and(...common, sql`${posts.staff_id} = any(${ids.staff})`)!,
    store: and(...common, isNull(posts.staff_id), sql`${posts.liver_id} = any(${ids.stores})`)!,
  };
}

/**
 * The WHERE of a feed: listed posts, then every filter that is given. `listenerUid` is required
 * for `following` (the route answers 401/403 before it comes here).
 */
export function feedConditions(
  db: Db,
  filters: FeedFilters,
  listenerUid: string | null,
  mode: FeedMode = "page",
  followed?: FollowedAuthors,
): SQL {
  if (filters.following) {
    const parts = followingParts(db, filters, followed ?? listenerUid ?? "");
    return or(parts.staff, parts.store)!;
  }
  return and(
    eq(posts.status, "public"),
    inArray(posts.liver_id, publicStoreIds(db, filters)),
    or(isNull(posts.staff_id), staffIsListed(db, mode))!,
    ...postFilters(filters),
  )!;
}

/**
 * One matching class of staff posts (`sort=matching`): the listed rule with the staff check
 * narrowed to the listed staff whose answers fall in `masks`. That set is a small share of the
 * staff (found through `staffs_listed_matching_idx`), so it is hashed once and probed per post
 * walked, instead of two primary-key lookups per post (ADR 0024).
 */
export function staffClassConditions(
  db: Db,
  filters: FeedFilters,
  listenerUid: string | null,
  masks: readonly number[],
  followed?: FollowedAuthors,
  classStaff?: string[],
): SQL {
  if (filters.following)
    return and(feedConditions(db, filters, listenerUid, "page", followed), staffMaskCondition(db, masks))!;
  return and(
    eq(posts.status, "public"),
    inArray(posts.liver_id, publicStoreIds(db, filters)),
    classStaff
      ? sql`${posts.staff_id} = any(${sql.param(classStaff)}::text[])`
      : staffIsListed(db, "count", masks),
    ...postFilters(filters),
  )!;
}

/** Above this many staff a class is checked by a subquery instead of a list sent with the page. */
export const CLASS_STAFF_LIST_MAX = 3_000;

/**
 * The listed staff of one matching class, when there are at most CLASS_STAFF_LIST_MAX of them
 * (undefined otherwise). Sent with the page as an array parameter, the planner hashes them as a
 * constant and the page walks `posts_public_posted_idx` probing that hash; as a subquery it chose
 * a primary-key lookup per post walked, ten times the work for a sparse class (ADR 0024).
 */
export async function classStaffIds(db: Db, masks: readonly number[]): Promise<string[] | undefined> {
  // Built once and prepared (ADR 0041); the listed rule as literals, so a generic plan still
  // reads the partial `staffs_listed_matching_idx`.
  const rows = await rowsByShape<{ uid: string }>(
    db,
    "class_staff",
    () => sql`select ${staffs.uid} as uid from ${staffs}
      where ${staffs.status} = 'public' and ${staffs.is_displayed}
        and ${staffs.matching_mask} = any(${sql.placeholder("masks")}::int[])
      limit ${sql.raw(String(CLASS_STAFF_LIST_MAX + 1))}`,
  ).execute({ masks: [...masks] });
  return rows.length > CLASS_STAFF_LIST_MAX ? undefined : rows.map((row) => row.uid);
}

/** Posts of staff authors whose answers fall in `masks` (one or more matching classes); a page's form. */
export function staffMaskCondition(db: Db, masks: readonly number[]): SQL {
  return and(isNotNull(posts.staff_id), staffIsListed(db, "page", masks))!;
}

/** Store posts only (the last class of `sort=matching`). */
export const storePostCondition: SQL = isNull(posts.staff_id);

/** `new`: posted_at descending, the id as the tie-break (the order of `posts_public_posted_idx`). */
export const newOrder: SQL[] = [desc(posts.posted_at), asc(posts.post_id)];

/**
 * `popular`: the author's follower count (copied onto the post by triggers, ADR 0024), then the
 * `new` order — the order of `posts_public_popular_idx`.
 */
export const popularOrder: SQL[] = [desc(posts.author_follower_number), ...newOrder];

/**
 * The matching class of a post against a listener's mask: a staff author's class by answers
 * (domain/matching.ts), every store post in STORE_POST_CLASS after them. Needs `staffs` left-joined.
 */
export function postClassSql(listenerMask: number): SQL<number> {
  return sql<number>`case when ${posts.staff_id} is null then ${sql.raw(String(STORE_POST_CLASS))} else ${matchingClassSql(listenerMask)} end`;
}

/** The columns of a feed item: the post and its author (a hidden staff name stays hidden). */
export const feedItemColumns = {
  post_id: posts.post_id,
  author_type: posts.author_type,
  staff_id: posts.staff_id,
  liver_id: posts.liver_id,
  source: posts.source,
  kind: posts.kind,
  caption: posts.caption,
  media: posts.media,
  permalink: posts.permalink,
  external_id: posts.external_id,
  posted_at: posts.posted_at,
  status: posts.status,
  is_pr: posts.is_pr,
  created_at: posts.created_at,
  updated_at: posts.updated_at,
  staff_name: sql<string | null>`case when ${published("name")} then ${staffs.name} else '' end`,
  staff_image: sql<string | null>`${staffs.image_urls}[1]`,
  store_name: livers.store_name,
  store_image: sql<string | null>`${livers.image_urls}[1]`,
  store_type: livers.store_type,
};

/** `select <item columns> from posts join livers left join staffs`. */
export function selectFeedItems(db: Db) {
  return db
    .select(feedItemColumns)
    .from(posts)
    .innerJoin(livers, eq(livers.uid, posts.liver_id))
    .leftJoin(staffs, eq(staffs.uid, posts.staff_id));
}
