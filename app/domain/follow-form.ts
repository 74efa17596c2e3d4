/**
 * What the follow buttons' forms post to and what they answer to a script: kept apart from the
 * zod schema of the follow target (favorites.ts, which re-exports these) so the browser bundle of
 * every page with a follow button carries no zod.
 */

export const FAVORITE_KINDS = ["staff", "liver"] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

/** Where every follow button posts (the follow list's action). */
export const FOLLOW_FORM_ACTION = "/listener/mypage/follow";

/** What a follow button's form answers to a script (fetcher); without a script the page is reloaded. */
export interface FollowFormResult {
  ok: boolean;
  kind: FavoriteKind;
  target_id: string;
  following: boolean;
  follower_number: number | null;
  favorite_id: string | null;
  message: string;
}
