import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FeedSearch } from "~/domain/feed-search";
import { STORE_POST_CLASS } from "~/domain/feed-search";
import { classWindow, masksInClasses } from "~/domain/matching";
import { decide, type Refusal } from "~/domain/permissions";
import type { PostAuthorType, PostKind, PostMedia, PostSource, PostStatus } from "~/domain/posts";
import type { Viewer } from "../../auth/viewer";
import { type Db, selectByShape } from "../../db/client";
import { posts, staffs } from "../../db/schema";
import {
  directoryClassCountsByKey,
  directoryTotal,
  directoryTotalByShape,
} from "../directory/directory-totals";
import type { ListPage } from "../directory/search-staffs";
import { listenerContextOf } from "../shared/listener-context";
import {
  classStaffIds,
  type FollowedAuthors,
  feedConditions,
  followedAuthors,
  followingParts,
  followingShape,
  followingValues,
  newOrder,
  popularOrder,
  postClassSql,
  selectFeedItems,
  staffClassConditions,
  storePostCondition,
} from "./feed-query";

/** A listed post as `GET /api/posts` answers it and the feeds show it. */
export interface FeedItem {
  post_id: string;
  author_type: PostAuthorType;
  staff_id: string | null;
  liver_id: string;
  source: PostSource;
  kind: PostKind;
  caption: string;
  media: PostMedia[];
  permalink: string;
  external_id: string;
  posted_at: Date;
  status: PostStatus;
  /** Marked 「PR」 (ADR 0051). */
  is_pr: boolean;
  created_at: Date;
  updated_at: Date;
  author: {
    type: PostAuthorType;
    id: string;
    name: string;
    image_url: string | null;
    liver_id: string;
    liver_name: string;
    store_type: string;
  };
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectFeedItems>["execute"]>>[number];

function toFeedItem(row: ItemRow): FeedItem {
  const { staff_name, staff_image, store_name, store_image, store_type, ...post } = row;
  const staff = post.staff_id !== null;
  return {
    ...post,
    author: {
      type: post.author_type,
      id: post.staff_id ?? post.liver_id,
      name: staff ? (staff_name ?? "") : store_name,
      image_url: (staff ? staff_image : store_image) ?? null,
      liver_id: post.liver_id,
      liver_name: store_name,
      store_type,
    },
  };
}

/**
 * The page of a feed: the ids first, in index order (narrow rows, stops after the page), then the
 * rows a card needs with the author joined, in the same order.
 */
function pageOf(db: Db, where: SQL, order: SQL[], limit: number, offset: number) {
  const ids = db
    .select({ id: posts.post_id })
    .from(posts)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return selectFeedItems(db)
    .where(inArray(posts.post_id, ids))
    .orderBy(...order);
}

export type ListPostsResult = ({ ok: true } & ListPage<FeedItem>) | { ok: false; error: Refusal };

/**
 * `GET /api/posts` and the feed pages (ADR 0024): listed posts, filtered, sorted and paged by
 * the database. `following` needs a listener (401 signed out, 403 for another role). Totals are
 * remembered per directory version (ADR 0013; posts bump it too, ADR 0024); a listener's
 * `following` totals are personal ones, their queries carry the followed ids, so a new follow is
 * a new query and counts again.
 */
export async function listPosts({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer | null;
  input: FeedSearch;
}): Promise<ListPostsResult> {
  if (input.following) {
    const decision = decide(actor?.type ?? "anonymous", "feed.following.read");
    if (decision !== "allowed") return { ok: false, error: decision };
  }
  const listener = await listenerContextOf(db, actor);
  // The follow feed narrows the listener's follows to listed authors once, for every statement.
  const followed = input.following ? await followedAuthors(db, input, listener?.uid ?? "") : undefined;
  // Built only by the branches that use them: the follow feed's page and total have statements
  // of their own, built once per shape.
  const where = () => feedConditions(db, input, listener?.uid ?? null, "page", followed);
  // A listener's follows are a few thousand posts: their total is counted in the page's form
  // (no hash of every listed staff member); every other total reads all posts once per version.
  const counted = () =>
    input.following ? where() : feedConditions(db, input, listener?.uid ?? null, "count");
  const offset = (input.page - 1) * input.pageSize;
  const totalOf = () =>
    followed
      ? followingTotal(db, input, followed)
      : directoryTotal(db, db.select({ n: count() }).from(posts).where(counted()));

  let rows: ItemRow[];
  let total: number;
  // A listener without answers has no score to sort by: `new` (ADR 0060).
  const mask = listener?.mask ?? null;
  if (input.sort === "matching" && listener && mask !== null) {
    const cls = postClassSql(mask);
    const classesQuery = () =>
      db
        .select({ cls: cls.mapWith(Number), n: count() })
        .from(posts)
        .leftJoin(staffs, eq(staffs.uid, posts.staff_id))
        .where(counted())
        .groupBy(cls);
    // The counts' query is a function of the filters, the listener's mask and the followed
    // authors: their key, so a remembered answer needs no SQL built (ADR 0041).
    const { sort: _sort, page: _page, pageSize: _pageSize, ...filters } = input;
    const counts = await directoryClassCountsByKey(
      db,
      JSON.stringify(["post_classes", mask, filters, followed ?? null]),
      classesQuery,
      input.following ? "personal" : "public",
    );
    total = counts.reduce((sum, c) => sum + c.n, 0);
    const classWhere = async (masks: readonly number[]) =>
      staffClassConditions(
        db,
        input,
        listener.uid,
        masks,
        followed,
        followed ? undefined : await classStaffIds(db, masks),
      );
    rows = await matchingPage(db, where(), classWhere, mask, counts, offset, input.pageSize);
  } else if (input.sort === "popular") {
    [rows, total] = await Promise.all([pageOf(db, where(), popularOrder, input.pageSize, offset), totalOf()]);
  } else if (input.following) {
    [rows, total] = await Promise.all([
      followingPage(db, input, followed ?? { staff: [], stores: [] }, input.pageSize, offset),
      totalOf(),
    ]);
  } else {
    [rows, total] = await Promise.all([pageOf(db, where(), newOrder, input.pageSize, offset), totalOf()]);
  }
  return { ok: true, items: rows.map(toFeedItem), total, page: input.page, pageSize: input.pageSize };
}

/**
 * A page of the follow feed in the `new` order: the first `offset + limit` of each part (an
 * index-only scan of its partial index and a top-N sort), merged; one `or` would visit the heap
 * page of every followed post (ADR 0024). Built once per filter shape, run with the values.
 */
function followingPage(
  db: Db,
  filters: FeedSearch,
  followed: FollowedAuthors,
  limit: number,
  offset: number,
) {
  const statement = selectByShape(db, `feed_following:${followingShape(filters)}`, () => {
    const parts = followingParts(db, filters, followed, "placeholders");
    const first = (condition: SQL) =>
      db
        .select({ post_id: posts.post_id, posted_at: posts.posted_at })
        .from(posts)
        .where(condition)
        .orderBy(...newOrder)
        .limit(sql.placeholder("first"));
    const ids = sql`select f.post_id from ((${first(parts.staff)}) union all (${first(parts.store)})) f
      order by f.posted_at desc, f.post_id limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`;
    return selectFeedItems(db)
      .where(sql`${posts.post_id} in (${ids})`)
      .orderBy(...newOrder);
  });
  return statement.execute({ ...followingValues(filters, followed), first: offset + limit, limit, offset });
}

/**
 * The follow feed's total: its two parts counted apart, each an index-only scan of its partial
 * index (one `or` would be a bitmap scan visiting the heap for every followed post); remembered
 * as a personal total (the followed ids are among its values).
 */
function followingTotal(db: Db, filters: FeedSearch, followed: FollowedAuthors): Promise<number> {
  return directoryTotalByShape(
    db,
    `total_following:${followingShape(filters)}`,
    followingValues(filters, followed),
    () => {
      const parts = followingParts(db, filters, followed, "placeholders");
      const countOf = (condition: SQL) => db.select({ n: count() }).from(posts).where(condition);
      return db
        .select({ n: sql<number>`(${countOf(parts.staff)}) + (${countOf(parts.store)})` })
        .from(sql`(select 1) as one`);
    },
    "personal",
  );
}

/**
 * A page of `sort=matching`: the classes the page covers (domain `classWindow`), each read in the
 * `new` order by itself (an index walk that stops after the rows it needs), concatenated.
 */
async function matchingPage(
  db: Db,
  where: SQL,
  classWhere: (masks: readonly number[]) => Promise<SQL>,
  mask: number,
  counts: { cls: number; n: number }[],
  offset: number,
  pageSize: number,
): Promise<ItemRow[]> {
  const window = classWindow(counts, offset, pageSize);
  if (!window) return [];
  const rows: ItemRow[] = [];
  let skip = window.skip;
  for (const cls of window.classes) {
    const need = pageSize - rows.length;
    if (need <= 0) break;
    const inClass =
      cls === STORE_POST_CLASS
        ? and(where, storePostCondition)!
        : await classWhere(masksInClasses(mask, [cls]));
    rows.push(...(await pageOf(db, inClass, newOrder, need, skip)));
    skip = 0;
  }
  return rows;
}

export type { FeedSearch };
