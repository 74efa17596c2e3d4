import type { SnsMediaPage } from "../types";

export interface YouTubeChannel {
  channelId: string;
  title: string | null;
  /** The uploads playlist (`UU…`) when the Data API told us; derived from the id otherwise. */
  uploadsPlaylistId: string | null;
}

/**
 * YouTube (ADR 0023): no user login. The public channel feed needs no key; with
 * YOUTUBE_API_KEY the Data API v3 (`channels`, `playlistItems`) is used instead, paged.
 */
export interface YouTubePort {
  /** Whether listVideos uses the Data API (a key is configured) or the feed. */
  readonly usesDataApi: boolean;
  /** A channel id (`UC…`), an `@handle` or a channel URL → the channel; null when there is none. */
  resolveChannel(input: string): Promise<YouTubeChannel | null>;
  /** Newest first; the feed has one page (about 15 entries), the Data API pages by `cursor`. */
  listVideos(channel: YouTubeChannel, args?: { cursor?: string | null }): Promise<SnsMediaPage>;
  /** The feed alone (the fallback when the API fails, or a cheap check without a key). */
  listFeed(channelId: string): Promise<SnsMediaPage>;
}
