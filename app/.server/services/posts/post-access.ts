import { and, eq } from "drizzle-orm";
import { decide, postOwnership, roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { type Post, posts } from "../../db/schema";

export type PostAccess = { ok: true; post: Post } | { ok: false; error: "forbidden" | "not_found" };

/**
 * A public native post the actor may `action` (ADR 0022): 403 for a kind that may never, 404 for
 * another's post, a deleted one or none. Locked for the caller's transaction.
 */
export async function findPostFor(
  tx: Db | Tx,
  actor: Viewer,
  postId: string,
  action: "post.update" | "post.delete",
): Promise<PostAccess> {
  if (roleRefusal(actor, action)) return { ok: false, error: "forbidden" };
  const [post] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.post_id, postId), eq(posts.source, "native"), eq(posts.status, "public")))
    .limit(1)
    .for("update");
  if (!post || decide(actor.type, action, postOwnership(actor, post, action)) !== "allowed")
    return { ok: false, error: "not_found" };
  return { ok: true, post };
}
