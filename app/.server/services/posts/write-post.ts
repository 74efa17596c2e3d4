import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  isFreshPost,
  lastSourceColumn,
  type PostKind,
  type PostMedia,
  type PostSource,
} from "~/domain/posts";
import type { Tx } from "../../db/client";
import { livers, type Post, posts, staffs } from "../../db/schema";
import { recordNotification } from "../notifications/record-notification";

export interface PostToWrite {
  author: { type: "staff"; staffId: string; liverId: string } | { type: "liver"; liverId: string };
  source: PostSource;
  kind: PostKind;
  caption: string;
  media: PostMedia[];
  permalink: string;
  /** Unique per source: the vendor's media id for imports, our own id for native and live posts. */
  externalId: string;
  postedAt: Date;
  /** The PR label of a new post (ADR 0051); a second write of the same post leaves it as it is. */
  isPr?: boolean;
}

/**
 * Writes a post in the caller's transaction, idempotent on `(source, external_id)`: a second
 * import of the same media updates caption, media and permalink (not the PR label, which the
 * author or the operator set: ADR 0051) and answers `created: false`.
 * A new post moves its author's `last_post_at` and `last_{source}_at` (never backwards, so an
 * old media imported late does not lift the author), and a new Instagram or TikTok post of the
 * last 24 hours is a notification trigger (ADR 0025; the back catalogue of a first import is not).
 */
export async function writePost(tx: Tx, input: PostToWrite): Promise<{ post: Post; created: boolean }> {
  const postId = randomUUID();
  const [row] = await tx
    .insert(posts)
    .values({
      post_id: postId,
      author_type: input.author.type,
      staff_id: input.author.type === "staff" ? input.author.staffId : null,
      liver_id: input.author.liverId,
      source: input.source,
      kind: input.kind,
      caption: input.caption,
      media: input.media,
      permalink: input.permalink,
      external_id: input.externalId,
      posted_at: input.postedAt,
      is_pr: input.isPr ?? false,
    })
    .onConflictDoUpdate({
      target: [posts.source, posts.external_id],
      set: {
        kind: input.kind,
        caption: input.caption,
        media: input.media,
        permalink: input.permalink,
        updated_at: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error("writePost: no row returned");
  const created = row.post_id === postId;
  if (!created) return { post: row, created };

  await moveLastPostAt(tx, input);
  if (
    (input.source === "instagram" || input.source === "tiktok") &&
    isFreshPost(input.postedAt, new Date())
  ) {
    await recordNotification(tx, {
      kind: input.source === "instagram" ? "following_instagram" : "following_tiktok",
      author:
        input.author.type === "staff"
          ? { type: "staff", id: input.author.staffId }
          : { type: "liver", id: input.author.liverId },
      postId: row.post_id,
      at: input.postedAt,
    });
  }
  return { post: row, created };
}

async function moveLastPostAt(tx: Tx, input: PostToWrite): Promise<void> {
  const at = input.postedAt;
  const later = (column: string) => sql`greatest(coalesce(${sql.identifier(column)}, ${at}), ${at})`;
  const set: Record<string, unknown> = { last_post_at: later("last_post_at") };
  const sourceColumn = lastSourceColumn(input.source);
  if (sourceColumn) set[sourceColumn] = later(sourceColumn);
  if (input.author.type === "staff") {
    await tx.update(staffs).set(set).where(eq(staffs.uid, input.author.staffId));
  } else {
    await tx.update(livers).set(set).where(eq(livers.uid, input.author.liverId));
  }
}
