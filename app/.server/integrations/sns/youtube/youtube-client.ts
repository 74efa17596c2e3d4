import { parseRetryAfter, RateLimitedError, SnsVendorError } from "../errors";
import { asRecord, joinUrl, type SnsHttpOptions, str, type VendorResponse, vendorFetch } from "../http";
import type { SnsMediaItem, SnsMediaPage } from "../types";
import { parseYouTubeFeed } from "./youtube-feed";
import type { YouTubeChannel, YouTubePort } from "./youtube-port";

export interface YouTubeConfig extends SnsHttpOptions {
  /** Data API key; without it the public feed (and the channel page for @handles) is used. */
  apiKey?: string;
  /** `https://www.googleapis.com/youtube/v3`. */
  apiBase: string;
  /** `https://www.youtube.com` (`/feeds/videos.xml` and the `/@handle` pages). */
  feedBase: string;
  /** Used when quota or 429 answers carry no Retry-After. */
  defaultRetryAfterSeconds?: number;
}

export type ChannelInput = { channelId: string } | { handle: string };

/** What a person may type: `UC…`, `@name`, or a youtube.com `/channel/UC…` or `/@name` URL. */
export function parseChannelInput(input: string): ChannelInput | null {
  let value = input.trim();
  const url = /^(?:https?:\/\/)?(?:www\.|m\.)?youtube\.com\/(channel\/[^/?#]+|@[^/?#]+)/i.exec(value);
  if (url) value = url[1]!.replace(/^channel\//, "");
  if (/^UC[0-9A-Za-z_-]{22}$/.test(value)) return { channelId: value };
  const handle = /^@?([\p{L}\p{N}._-]{3,30})$/u.exec(value);
  if (handle && value.startsWith("@")) return { handle: `@${handle[1]}` };
  return null;
}

export function createYouTubeClient(config: YouTubeConfig): YouTubePort {
  const retryDefault = config.defaultRetryAfterSeconds ?? 3600;
  const http = { timeoutMs: config.timeoutMs, fetch: config.fetch };
  const key = config.apiKey;

  async function api(path: string, query: Record<string, string | number | undefined>) {
    const response = await vendorFetch("youtube", joinUrl(config.apiBase, path, { ...query, key }), http);
    if (response.status === 200 && response.json !== undefined) return asRecord(response.json);
    throw apiError(response, retryDefault);
  }

  async function feedPage(channelId: string) {
    const response = await vendorFetch(
      "youtube",
      joinUrl(config.feedBase, "/feeds/videos.xml", { channel_id: channelId }),
      { ...http, redirect: "follow" },
    );
    if (response.status === 429)
      throw new RateLimitedError(
        "youtube",
        parseRetryAfter(response.headers.get("retry-after"), retryDefault),
        429,
      );
    if (response.status !== 200)
      throw new SnsVendorError("youtube", `feed answered HTTP ${response.status}`, response.status);
    return parseYouTubeFeed(response.text);
  }

  async function channelByApi(query: { id: string } | { forHandle: string }): Promise<YouTubeChannel | null> {
    const body = await api("/channels", { part: "id,snippet,contentDetails", ...query });
    const item = Array.isArray(body.items) ? asRecord(body.items[0]) : undefined;
    if (!item || !str(item.id)) return null; // an unknown handle is totalResults 0, not an error
    const uploads = str(asRecord(asRecord(asRecord(item.contentDetails).relatedPlaylists)).uploads);
    return {
      channelId: str(item.id)!,
      title: str(asRecord(item.snippet).title) ?? null,
      uploadsPlaylistId: uploads ?? null,
    };
  }

  return {
    usesDataApi: key !== undefined,

    async resolveChannel(input) {
      const parsed = parseChannelInput(input);
      if (!parsed) return null;
      if (key)
        return channelByApi("channelId" in parsed ? { id: parsed.channelId } : { forHandle: parsed.handle });
      let channelId: string;
      if ("channelId" in parsed) channelId = parsed.channelId;
      else {
        // Without a key the handle's channel page names its channel id (canonical link).
        const page = await vendorFetch("youtube", joinUrl(config.feedBase, `/${encodeURI(parsed.handle)}`), {
          ...http,
          redirect: "follow",
        });
        if (page.status === 404) return null;
        if (page.status !== 200)
          throw new SnsVendorError("youtube", `channel page answered HTTP ${page.status}`, page.status);
        const found =
          /<link\s+rel="canonical"\s+href="https?:\/\/www\.youtube\.com\/channel\/(UC[0-9A-Za-z_-]{22})"/.exec(
            page.text,
          )?.[1] ?? /"(?:channelId|externalId)":"(UC[0-9A-Za-z_-]{22})"/.exec(page.text)?.[1];
        if (!found) return null;
        channelId = found;
      }
      try {
        const feed = await feedPage(channelId);
        return { channelId, title: feed.title, uploadsPlaylistId: null };
      } catch (error) {
        if (error instanceof SnsVendorError && error.status === 404) return null;
        throw error;
      }
    },

    async listVideos(channel, { cursor } = {}) {
      if (!key) return this.listFeed(channel.channelId);
      const playlistId = channel.uploadsPlaylistId ?? channel.channelId.replace(/^UC/, "UU");
      const body = await api("/playlistItems", {
        part: "snippet,contentDetails",
        playlistId,
        maxResults: 50,
        pageToken: cursor ?? undefined,
      });
      const items = Array.isArray(body.items) ? body.items : [];
      return {
        items: items.map((i) => normalizePlaylistItem(asRecord(i))).filter((i) => i !== null),
        nextCursor: str(body.nextPageToken) ?? null,
      };
    },

    async listFeed(channelId): Promise<SnsMediaPage> {
      return { items: (await feedPage(channelId)).items, nextCursor: null };
    },
  };
}

export function normalizePlaylistItem(item: Record<string, unknown>): SnsMediaItem | null {
  const snippet = asRecord(item.snippet);
  const details = asRecord(item.contentDetails);
  const videoId = str(details.videoId) ?? str(asRecord(snippet.resourceId).videoId);
  // Private and deleted videos stay in the playlist without a videoPublishedAt.
  const published = str(details.videoPublishedAt);
  if (!videoId || !published) return null;
  const postedAt = new Date(published);
  if (Number.isNaN(postedAt.getTime())) return null;
  const thumbnails = asRecord(snippet.thumbnails);
  const thumbnail = ["maxres", "standard", "high", "medium", "default"]
    .map((size) => str(asRecord(thumbnails[size]).url))
    .find((url) => url !== undefined);
  const embed = `https://www.youtube.com/embed/${videoId}`;
  return {
    external_id: videoId,
    kind: "video",
    caption: str(snippet.title) ?? "",
    media_urls: [embed],
    thumbnail_url: thumbnail ?? null,
    permalink: `https://www.youtube.com/watch?v=${videoId}`,
    embed_url: embed,
    posted_at: postedAt,
  };
}

function apiError(response: VendorResponse, retryDefault: number): SnsVendorError {
  const error = asRecord(asRecord(response.json).error);
  const reason = str(asRecord(Array.isArray(error.errors) ? error.errors[0] : undefined).reason);
  const message = str(error.message) ?? `HTTP ${response.status}`;
  if (response.status === 429 || reason === "quotaExceeded" || reason === "rateLimitExceeded")
    return new RateLimitedError(
      "youtube",
      parseRetryAfter(response.headers.get("retry-after"), retryDefault),
      response.status,
      reason,
    );
  return new SnsVendorError("youtube", message, response.status, reason);
}
