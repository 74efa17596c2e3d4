import { and, desc, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Post, posts, staffs } from "../../db/schema";

export interface OwnPost extends Post {
  /** The staff member's name for a staff post, null for the store's own. */
  staff_name: string | null;
  /** Whether the actor may edit the caption (its author); deleting is allowed for every listed post. */
  editable: boolean;
}

/** How many posts the editor page lists (newest first). */
export const OWN_POSTS_LIMIT = 50;

/**
 * The native posts of the post editor page, newest first: a staff member's own; a store's own and
 * its staff's (the store may delete those, not edit them).
 */
export async function listOwnPosts({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<{ ok: true; posts: OwnPost[] } | { ok: false; error: "forbidden" }> {
  if (roleRefusal(actor, "post.list")) return { ok: false, error: "forbidden" };
  const owner = actor.type === "staff" ? eq(posts.staff_id, actor.uid) : eq(posts.liver_id, actor.uid);
  const rows = await db
    .select({ post: posts, staff_name: staffs.name })
    .from(posts)
    .leftJoin(staffs, eq(staffs.uid, posts.staff_id))
    .where(and(owner, eq(posts.source, "native"), eq(posts.status, "public")))
    .orderBy(desc(posts.posted_at), desc(posts.post_id))
    .limit(OWN_POSTS_LIMIT);
  return {
    ok: true,
    posts: rows.map(({ post, staff_name }) => ({
      ...post,
      staff_name: post.author_type === "staff" ? (staff_name ?? "") : null,
      editable: actor.type === "staff" || post.author_type === "liver",
    })),
  };
}
