/**
 * What every SNS vendor port hands the importer (ADR 0023): media normalized to one shape, a page
 * at a time, with an opaque cursor for the next page.
 */
export type SnsVendor = "instagram" | "tiktok" | "youtube";

export type SnsMediaKind = "image" | "video" | "carousel" | "text";

export interface SnsMediaItem {
  /** The vendor's id of the media; imports are idempotent on `(source, external_id)`. */
  external_id: string;
  kind: SnsMediaKind;
  /** "" when the vendor gave none. */
  caption: string;
  /**
   * The media as the vendor serves them, in order (a carousel's children). Instagram's CDN URLs
   * expire (`oe=`); TikTok and YouTube give the official embed player URL instead of a file.
   */
  media_urls: string[];
  thumbnail_url: string | null;
  /** The post on the platform. */
  permalink: string;
  /** The official embed (TikTok Embed Player, YouTube embed) where the platform offers one. */
  embed_url: string | null;
  posted_at: Date;
}

export interface SnsMediaPage {
  items: SnsMediaItem[];
  /** Pass back to get the next (older) page; null when there is none. */
  nextCursor: string | null;
}

/** A user token with its expiry as the vendor told it (`expires_in` from the moment of the answer). */
export interface SnsTokenGrant {
  accessToken: string;
  expiresAt: Date;
}
