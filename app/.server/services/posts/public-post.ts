import type { Post } from "../../db/schema";

/** A post as the API answers it (ADR 0024): the row without the feeds' bookkeeping columns. */
export type PublicPost = Omit<Post, "author_follower_number">;

export function publicPost(row: Post): PublicPost {
  const { author_follower_number: _feedSortKey, ...post } = row;
  return post;
}
