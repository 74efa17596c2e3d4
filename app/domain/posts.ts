/**
 * Posts and feeds (ADR 0024): the enumerations, limits and the Japanese texts shared by the
 * native post editor, the importer, the feeds and the API. Pure, so the rules are table-tested.
 */

export const POST_SOURCES = ["instagram", "tiktok", "youtube", "live", "native"] as const;
export type PostSource = (typeof POST_SOURCES)[number];

/** The sources an account links from outside (ADR 0024 "Linked accounts"). */
export const LINKED_SOURCES = ["instagram", "tiktok", "youtube"] as const satisfies readonly PostSource[];
export type LinkedSource = (typeof LINKED_SOURCES)[number];

export const POST_KINDS = ["image", "video", "carousel_album", "text"] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const POST_STATUSES = ["public", "deleted"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_AUTHOR_TYPES = ["staff", "liver"] as const;
export type PostAuthorType = (typeof POST_AUTHOR_TYPES)[number];

export const FEED_SORTS = ["new", "popular", "matching"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const POST_CAPTION_MAX = 2200;
export const POST_IMAGES_MAX = 10;
export const POST_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const POST_VIDEO_MAX_SECONDS = 180;

/** One picture or video of a post; `url` is ours for native posts, the platform's for imports. */
export interface PostMedia {
  url: string;
  kind: "image" | "video" | "embed";
  width: number | null;
  height: number | null;
  thumbnail_url: string | null;
}

/**
 * Followers hear of a newly imported post only when it is fresh: the first import of a linked
 * account brings up to 50 old media, which are news to nobody (ADR 0025 mails "a new post").
 */
export const POST_NOTIFY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function isFreshPost(postedAt: Date, now: Date): boolean {
  return now.getTime() - postedAt.getTime() <= POST_NOTIFY_MAX_AGE_MS;
}

/** The `last_{source}_at` column an author's post of this source moves. */
export function lastSourceColumn(source: PostSource): `last_${Exclude<PostSource, "native">}_at` | null {
  return source === "native" ? null : `last_${source}_at`;
}

/** The kind of a native post from what it carries: several pictures make a carousel. */
export function nativePostKind(imageCount: number, hasVideo: boolean): PostKind {
  if (hasVideo) return "video";
  if (imageCount > 1) return "carousel_album";
  if (imageCount === 1) return "image";
  return "text";
}
