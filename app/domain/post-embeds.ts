/**
 * How a post's media plays (ADR 0024): imported media stay on their platform. Instagram is a
 * thumbnail and a link to the permalink (its terms: link or embed, never rehost); TikTok and
 * YouTube open their official embed player on tap; live posts link to the live page. Pure, so the
 * URL rules are unit-tested and the CSP (server/app.ts) allows exactly these frame hosts.
 */
import type { PostSource } from "./posts";

/** The hosts the feeds' embed players load from (CSP frame-src). */
export const EMBED_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://www.tiktok.com"] as const;

/**
 * Hosts of the thumbnails imports may keep (CSP img-src): Instagram's and TikTok's CDNs and
 * YouTube's thumbnail host. Demo data uses our own pictures.
 */
export const THUMBNAIL_HOSTS = [
  "https://*.cdninstagram.com",
  "https://*.tiktokcdn.com",
  "https://i.ytimg.com",
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TIKTOK_ID = /^\d{5,25}$/;

/** The official embed player of a TikTok or YouTube post (autoplay after the tap), or null. */
export function embedPlayerUrl(post: { source: PostSource; external_id: string }): string | null {
  if (post.source === "youtube" && YOUTUBE_ID.test(post.external_id)) {
    return `https://www.youtube-nocookie.com/embed/${post.external_id}?autoplay=1&playsinline=1&rel=0`;
  }
  if (post.source === "tiktok" && TIKTOK_ID.test(post.external_id)) {
    return `https://www.tiktok.com/player/v1/${post.external_id}?autoplay=1&rel=0`;
  }
  return null;
}

/**
 * The page of a live post: its permalink, the broadcaster's `/listener/live/{id}` (ADR 0031),
 * written when the live started; the external id for a row without one.
 */
export function livePageUrl(post: { external_id: string; permalink?: string }): string {
  if (post.permalink && /^\/listener\/live\/[^/?#]+$/.test(post.permalink)) return post.permalink;
  return `/listener/live/${encodeURIComponent(post.external_id)}`;
}

/** Only http(s) links leave the site from a card; anything else is not a link. */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** A caption is folded when it is longer than this or has more lines than CAPTION_FOLD_LINES. */
export const CAPTION_FOLD_CHARS = 140;
export const CAPTION_FOLD_LINES = 4;

export function captionIsLong(caption: string): boolean {
  return caption.length > CAPTION_FOLD_CHARS || caption.split("\n").length > CAPTION_FOLD_LINES;
}
