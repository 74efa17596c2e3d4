import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/admin";
import type { AdminPostFilter } from "~/domain/admin-posts";
import type { Db } from "../../db/client";
import { livers, posts, staffs } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { newOrder } from "./feed-query";

/**
 * The operator's list of posts (`/admin/posts`, ADR 0051): every public post, listed or not, newest
 * first; `keyword` is a whole post, store or staff id (a post's permalink names them), `filter`
 * keeps only the posts marked PR.
 */
export async function listPostsForOperator({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { keyword: string; filter: AdminPostFilter; page: number };
}) {
  await assertOperator(db, actor);
  const conditions: SQL[] = [eq(posts.status, "public")];
  const keyword = input.keyword.trim();
  if (keyword)
    conditions.push(
      or(eq(posts.post_id, keyword), eq(posts.liver_id, keyword), eq(posts.staff_id, keyword))!,
    );
  if (input.filter === "pr") conditions.push(eq(posts.is_pr, true));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(posts).where(where);
  const items = await db
    .select({
      post_id: posts.post_id,
      author_type: posts.author_type,
      staff_id: posts.staff_id,
      liver_id: posts.liver_id,
      source: posts.source,
      kind: posts.kind,
      caption: posts.caption,
      thumbnail_url: sql<
        string | null
      >`coalesce(${posts.media}->0->>'thumbnail_url', case when ${posts.media}->0->>'kind' = 'image' then ${posts.media}->0->>'url' end)`,
      permalink: posts.permalink,
      posted_at: posts.posted_at,
      is_pr: posts.is_pr,
      staff_name: staffs.name,
      store_name: livers.store_name,
    })
    .from(posts)
    .innerJoin(livers, eq(livers.uid, posts.liver_id))
    .leftJoin(staffs, eq(staffs.uid, posts.staff_id))
    .where(where)
    .orderBy(...newOrder)
    .limit(ADMIN_PAGE_SIZE)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  return { items, total: totalRow?.n ?? 0, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}
