import { eq } from "drizzle-orm";
import { POST_MESSAGES } from "~/domain/native-posts";
import { POST_CAPTION_MAX } from "~/domain/posts";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema";
import { findPostFor } from "./post-access";
import { type PublicPost, publicPost } from "./public-post";

export type UpdateNativePostResult =
  | { ok: true; post: PublicPost }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; errors: { caption: string } };

/**
 * Changes one's own native post (its author only; a store not its staff's words): the caption,
 * the PR label (ADR 0051), or both; a field not given stays as it is.
 */
export async function updateNativePost({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { postId: string; caption?: string | undefined; isPr?: boolean | undefined };
}): Promise<UpdateNativePostResult> {
  const caption = input.caption?.replace(/\r\n/g, "\n");
  if (caption !== undefined && caption.length > POST_CAPTION_MAX)
    return { ok: false, error: "invalid", errors: { caption: POST_MESSAGES.caption_too_long } };
  return db.transaction(async (tx) => {
    const found = await findPostFor(tx, actor, input.postId, "post.update");
    if (!found.ok) return found;
    // A post of nothing but words cannot become empty.
    if (caption !== undefined && found.post.kind === "text" && caption.trim() === "")
      return { ok: false, error: "invalid", errors: { caption: POST_MESSAGES.empty } } as const;
    const [post] = await tx
      .update(posts)
      .set({
        ...(caption !== undefined ? { caption } : {}),
        ...(input.isPr !== undefined ? { is_pr: input.isPr } : {}),
        updated_at: new Date(),
      })
      .where(eq(posts.post_id, input.postId))
      .returning();
    return { ok: true, post: publicPost(post!) } as const;
  });
}
