import { eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema";
import type { ObjectStorage } from "../../integrations/storage/object-storage";
import { mediaUrls, removePostMedia } from "./native-post-media";
import { findPostFor } from "./post-access";

export type DeletePostResult = { ok: true } | { ok: false; error: "forbidden" | "not_found" };

/**
 * Deletes a native post (its author, or the store of the staff member who wrote it): the row turns
 * `deleted` with no media left, then the files are removed (after the row no longer points at them).
 */
export async function deletePost({
  db,
  storage,
  actor,
  input,
}: {
  db: Db;
  storage: ObjectStorage;
  actor: Viewer;
  input: { postId: string };
}): Promise<DeletePostResult> {
  const removed = await db.transaction(async (tx) => {
    const found = await findPostFor(tx, actor, input.postId, "post.delete");
    if (!found.ok) return found;
    await tx
      .update(posts)
      .set({ status: "deleted", media: [], updated_at: new Date() })
      .where(eq(posts.post_id, input.postId));
    return { ok: true, urls: mediaUrls(found.post.media) } as const;
  });
  if (!removed.ok) return removed;
  await removePostMedia(storage, removed.urls);
  return { ok: true };
}
