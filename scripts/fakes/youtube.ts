import type { ServerResponse } from "node:http";
import {
  escapeHtml,
  type FakeOptions,
  type FakeServerBase,
  listen,
  RateLimitKnob,
  sendJson,
  sendText,
} from "./shared";

/**
 * A fake of YouTube (ADR 0023): the public channel feed (`/feeds/videos.xml`, Atom as
 * youtube.com writes it), the `/@handle` channel pages, and Data API v3 `channels` and
 * `playlistItems` under `/youtube/v3` with Google's error envelope.
 */
export const FAKE_YOUTUBE_API_KEY = "AIzaFakeYouTubeKeyForLocalDevelopment0";

export interface FakeYouTubeVideo {
  videoId: string;
  title: string;
  description: string;
  /** ISO time; null: a private or deleted video (still in the uploads playlist, not in the feed). */
  publishedAt: string | null;
}

export interface FakeYouTubeChannel {
  channelId: string;
  handle: string;
  title: string;
  /** Newest first. */
  videos: FakeYouTubeVideo[];
}

export interface FakeYouTube extends FakeServerBase {
  apiKey: string;
  channels: Map<string, FakeYouTubeChannel>;
  addChannel(args: {
    handle: string;
    title: string;
    videoCount?: number;
    privateVideoAt?: number;
  }): FakeYouTubeChannel;
  /** The feed answers this status (the 404/500 outages youtube.com has had) until set back to undefined. */
  feedOutage: number | undefined;
  /** Data API calls answer 403 quotaExceeded until set back to false. */
  quotaExhausted: boolean;
}

export async function startFakeYouTube(options: FakeOptions & { seed?: boolean } = {}): Promise<FakeYouTube> {
  const channels = new Map<string, FakeYouTubeChannel>();
  const rateLimit = new RateLimitKnob();
  const requests: FakeServerBase["requests"] = [];
  let serial = 0;

  const googleError = (
    res: ServerResponse,
    code: number,
    message: string,
    reason: string,
    status: string,
    headers: Record<string, string> = {},
  ) =>
    sendJson(
      res,
      code,
      {
        error: {
          code,
          message,
          errors: [{ message, domain: code === 403 ? "youtube.quota" : "global", reason }],
          status,
        },
      },
      headers,
    );

  function addChannel({
    handle,
    title,
    videoCount = 0,
    privateVideoAt,
  }: {
    handle: string;
    title: string;
    videoCount?: number;
    privateVideoAt?: number;
  }) {
    const channelId = `UC${fakeId(22, ++serial)}`;
    const newest = Date.parse("2026-11-20T12:00:00Z");
    const videos: FakeYouTubeVideo[] = [];
    for (let i = 0; i < videoCount; i++)
      videos.push({
        videoId: fakeId(11, serial * 1000 + i),
        title: i === privateVideoAt ? "Private video" : `${title} 配信アーカイブ #${videoCount - i} & トーク`,
        description: i === privateVideoAt ? "This video is private." : `説明 #${videoCount - i}`,
        publishedAt: i === privateVideoAt ? null : new Date(newest - i * 86_400_000).toISOString(),
      });
    const channel = { channelId, handle: handle.startsWith("@") ? handle : `@${handle}`, title, videos };
    channels.set(channelId, channel);
    return channel;
  }

  const byHandle = (handle: string) =>
    [...channels.values()].find((c) => c.handle.toLowerCase() === handle.toLowerCase());

  const fake = {} as FakeYouTube;
  const base = await listen(
    (req, res, url) => {
      const q = url.searchParams;
      const path = url.pathname;
      requests.push({ method: req.method ?? "GET", path, query: q });

      if (path.startsWith("/__fake/")) {
        if (path === "/__fake/rate-limit")
          rateLimit.push(Number(q.get("retry_after") ?? 60), Number(q.get("times") ?? 1));
        else if (path === "/__fake/feed-outage")
          fake.feedOutage = q.get("status") ? Number(q.get("status")) : undefined;
        else if (path === "/__fake/quota") fake.quotaExhausted = q.get("exhausted") === "true";
        else if (path !== "/__fake/state") return sendJson(res, 404, { error: "unknown control" });
        return sendJson(res, 200, {
          channels: [...channels.values()].map((c) => ({
            id: c.channelId,
            handle: c.handle,
            videos: c.videos.length,
          })),
        });
      }

      if (path === "/feeds/videos.xml") {
        if (fake.feedOutage)
          return sendText(res, fake.feedOutage, "text/html", "<html><body>Error</body></html>");
        const channel = channels.get(q.get("channel_id") ?? "");
        if (!channel) return sendText(res, 404, "text/html", "<html><body>Not Found</body></html>");
        return sendText(res, 200, "text/xml", feedXml(channel));
      }

      if (/^\/@[^/]+$/.test(path)) {
        const channel = byHandle(decodeURIComponent(path.slice(1)));
        if (!channel) return sendText(res, 404, "text/html", "<html><body>404 Not Found</body></html>");
        return sendText(res, 200, "text/html", channelPage(channel));
      }

      if (path.startsWith("/youtube/v3/")) {
        const limited = rateLimit.take();
        if (limited !== undefined)
          return googleError(res, 429, "Too many requests.", "rateLimitExceeded", "RESOURCE_EXHAUSTED", {
            "retry-after": String(limited),
          });
        const key = q.get("key");
        if (!key)
          return googleError(
            res,
            403,
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
            "forbidden",
            "PERMISSION_DENIED",
          );
        if (key !== FAKE_YOUTUBE_API_KEY)
          return googleError(
            res,
            400,
            "API key not valid. Please pass a valid API key.",
            "badRequest",
            "INVALID_ARGUMENT",
          );
        if (fake.quotaExhausted)
          return googleError(
            res,
            403,
            'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
            "quotaExceeded",
            "PERMISSION_DENIED",
          );
        if (!q.get("part"))
          return googleError(
            res,
            400,
            "No filter selected. Expected one of: part",
            "missingRequiredParameter",
            "INVALID_ARGUMENT",
          );

        if (path === "/youtube/v3/channels") {
          const channel = q.get("id")
            ? channels.get(q.get("id")!)
            : q.get("forHandle")
              ? byHandle(q.get("forHandle")!)
              : undefined;
          if (!q.get("id") && !q.get("forHandle") && !q.get("forUsername") && !q.get("mine"))
            return googleError(
              res,
              400,
              "No filter selected. Expected one of: id, forHandle, forUsername, mine",
              "missingRequiredParameter",
              "INVALID_ARGUMENT",
            );
          return sendJson(res, 200, {
            kind: "youtube#channelListResponse",
            etag: `etag-${serial}`,
            pageInfo: { totalResults: channel ? 1 : 0, resultsPerPage: 5 },
            ...(channel
              ? {
                  items: [
                    {
                      kind: "youtube#channel",
                      etag: `etag-${channel.channelId}`,
                      id: channel.channelId,
                      snippet: {
                        title: channel.title,
                        description: "",
                        customUrl: channel.handle.toLowerCase(),
                        publishedAt: "2020-04-01T00:00:00Z",
                        thumbnails: {
                          default: {
                            url: `https://yt3.ggpht.com/${channel.channelId}=s88`,
                            width: 88,
                            height: 88,
                          },
                        },
                      },
                      contentDetails: {
                        relatedPlaylists: { likes: "", uploads: channel.channelId.replace(/^UC/, "UU") },
                      },
                    },
                  ],
                }
              : {}),
          });
        }

        if (path === "/youtube/v3/playlistItems") {
          const playlistId = q.get("playlistId") ?? "";
          const channel = channels.get(playlistId.replace(/^UU/, "UC"));
          if (!playlistId.startsWith("UU") || !channel)
            return googleError(
              res,
              404,
              "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
              "playlistNotFound",
              "NOT_FOUND",
            );
          const max = Math.min(Math.max(Number(q.get("maxResults") ?? 5) || 5, 0), 50);
          const start = q.get("pageToken") ? decodeToken(q.get("pageToken")!) : 0;
          if (start === null)
            return googleError(
              res,
              400,
              "The request specifies an invalid page token.",
              "invalidPageToken",
              "INVALID_ARGUMENT",
            );
          const slice = channel.videos.slice(start, start + max);
          const end = start + slice.length;
          return sendJson(res, 200, {
            kind: "youtube#playlistItemListResponse",
            etag: `etag-${playlistId}-${start}`,
            ...(end < channel.videos.length ? { nextPageToken: encodeToken(end) } : {}),
            ...(start > 0 ? { prevPageToken: encodeToken(Math.max(0, start - max)) } : {}),
            items: slice.map((v, i) => ({
              kind: "youtube#playlistItem",
              etag: `etag-${v.videoId}`,
              id: Buffer.from(`${playlistId}.${v.videoId}`).toString("base64url"),
              snippet: {
                publishedAt: v.publishedAt ?? "2026-11-01T00:00:00Z",
                channelId: channel.channelId,
                title: v.title,
                description: v.description,
                thumbnails: v.publishedAt
                  ? {
                      default: {
                        url: `https://i.ytimg.com/vi/${v.videoId}/default.jpg`,
                        width: 120,
                        height: 90,
                      },
                      high: {
                        url: `https://i.ytimg.com/vi/${v.videoId}/hqdefault.jpg`,
                        width: 480,
                        height: 360,
                      },
                    }
                  : {},
                channelTitle: channel.title,
                playlistId,
                position: start + i,
                resourceId: { kind: "youtube#video", videoId: v.videoId },
                videoOwnerChannelTitle: channel.title,
                videoOwnerChannelId: channel.channelId,
              },
              contentDetails: {
                videoId: v.videoId,
                ...(v.publishedAt ? { videoPublishedAt: v.publishedAt } : {}),
              },
            })),
            pageInfo: { totalResults: channel.videos.length, resultsPerPage: max },
          });
        }
        return googleError(res, 404, "Not Found", "notFound", "NOT_FOUND");
      }
      return sendText(res, 404, "text/html", "<html><body>404 Not Found</body></html>");
    },
    (res) => googleError(res, 500, "Internal error encountered.", "backendError", "INTERNAL"),
    options,
  );

  Object.assign(fake, {
    url: base.url,
    port: base.port,
    env: {
      YOUTUBE_API_KEY: FAKE_YOUTUBE_API_KEY,
      YOUTUBE_API_BASE: `${base.url}/youtube/v3`,
      YOUTUBE_FEED_BASE: base.url,
    },
    requests,
    apiKey: FAKE_YOUTUBE_API_KEY,
    channels,
    addChannel,
    feedOutage: undefined,
    quotaExhausted: false,
    rateLimitNext: (seconds: number, times = 1) => rateLimit.push(seconds, times),
    close: base.close,
  } satisfies FakeYouTube);
  if (options.seed) {
    addChannel({
      handle: "@yoru_navi_demo",
      title: "ヨルナビ デモチャンネル",
      videoCount: 70,
      privateVideoAt: 3,
    });
    addChannel({ handle: "@yoru_navi_store", title: "デモ店舗チャンネル", videoCount: 6 });
  }
  return fake;
}

/** The feed as youtube.com writes it: newest 15 public uploads, Atom with yt: and media: elements. */
function feedXml(channel: FakeYouTubeChannel): string {
  const x = escapeHtml;
  const channelUrl = `https://www.youtube.com/channel/${channel.channelId}`;
  const entries = channel.videos
    .filter((v) => v.publishedAt !== null)
    .slice(0, 15)
    .map((v) => {
      const published = v.publishedAt!.replace(/\.\d{3}Z$/, "+00:00");
      const updated = new Date(Date.parse(v.publishedAt!) + 3_600_000)
        .toISOString()
        .replace(/\.\d{3}Z$/, "+00:00");
      return ` <entry>
  <id>yt:video:${v.videoId}</id>
  <yt:videoId>${v.videoId}</yt:videoId>
  <yt:channelId>${channel.channelId}</yt:channelId>
  <title>${x(v.title)}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${v.videoId}"/>
  <author>
   <name>${x(channel.title)}</name>
   <uri>${channelUrl}</uri>
  </author>
  <published>${published}</published>
  <updated>${updated}</updated>
  <media:group>
   <media:title>${x(v.title)}</media:title>
   <media:content url="https://www.youtube.com/v/${v.videoId}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i1.ytimg.com/vi/${v.videoId}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${x(v.description)}</media:description>
   <media:community>
    <media:starRating count="12" average="5.00" min="1" max="5"/>
    <media:statistics views="345"/>
   </media:community>
  </media:group>
 </entry>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channel.channelId}"/>
 <id>yt:channel:${channel.channelId.slice(2)}</id>
 <yt:channelId>${channel.channelId.slice(2)}</yt:channelId>
 <title>${x(channel.title)}</title>
 <link rel="alternate" href="${channelUrl}"/>
 <author>
  <name>${x(channel.title)}</name>
  <uri>${channelUrl}</uri>
 </author>
 <published>2020-04-01T00:00:00+00:00</published>
${entries}
</feed>
`;
}

function channelPage(channel: FakeYouTubeChannel): string {
  return `<!DOCTYPE html><html lang="ja"><head><title>${escapeHtml(channel.title)} - YouTube</title>
<link rel="canonical" href="https://www.youtube.com/channel/${channel.channelId}">
<meta property="og:url" content="https://www.youtube.com/channel/${channel.channelId}"></head>
<body><script>var ytInitialData = {"metadata":{"channelMetadataRenderer":{"title":${JSON.stringify(channel.title)},"externalId":"${channel.channelId}","vanityChannelUrl":"http://www.youtube.com/${channel.handle}"}}};</script></body></html>`;
}

/** Deterministic ids in YouTube's alphabet. */
function fakeId(length: number, n: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let out = "";
  let x = n * 2654435761 + 12345;
  for (let i = 0; i < length; i++) {
    out += alphabet[x % 64]!;
    x = Math.floor(x / 64) + (n + i + 1) * 40503;
  }
  return out;
}

function encodeToken(offset: number): string {
  return `EAAa${Buffer.from(`PT:${offset}`).toString("base64url")}`;
}

function decodeToken(token: string): number | null {
  const match = /^PT:(\d+)$/.exec(Buffer.from(token.replace(/^EAAa/, ""), "base64url").toString("utf8"));
  return match ? Number(match[1]) : null;
}
