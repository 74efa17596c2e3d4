import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitedError, SnsVendorError } from "~/.server/integrations/sns/errors";
import { createYouTubeClient, parseChannelInput } from "~/.server/integrations/sns/youtube/youtube-client";
import { parseYouTubeFeed } from "~/.server/integrations/sns/youtube/youtube-feed";
import type { YouTubePort } from "~/.server/integrations/sns/youtube/youtube-port";
import { type FakeYouTube, type FakeYouTubeChannel, startFakeYouTube } from "../../scripts/fakes/youtube";

// The real YouTube client against the fake of scripts/fakes (ADR 0023), by feed and Data API.
let fake: FakeYouTube;
let feedClient: YouTubePort;
let apiClient: YouTubePort;
let channel: FakeYouTubeChannel;

beforeAll(async () => {
  fake = await startFakeYouTube();
  feedClient = createYouTubeClient({ apiBase: `${fake.url}/youtube/v3`, feedBase: fake.url });
  apiClient = createYouTubeClient({
    apiKey: fake.apiKey,
    apiBase: `${fake.url}/youtube/v3`,
    feedBase: fake.url,
  });
  // 120 uploads, the 4th newest private (in the playlist, absent from the feed).
  channel = fake.addChannel({
    handle: "@night_rina",
    title: "りな & ちゃんねる",
    videoCount: 120,
    privateVideoAt: 3,
  });
  fake.addChannel({ handle: "@other", title: "Other", videoCount: 2 });
});
afterAll(() => fake.close());

const publicVideos = () => channel.videos.filter((v) => v.publishedAt !== null);

describe("parseChannelInput", () => {
  it.each([
    ["UCaaaaaaaaaaaaaaaaaaaaaa", { channelId: "UCaaaaaaaaaaaaaaaaaaaaaa" }],
    [
      " https://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa/videos ",
      { channelId: "UCaaaaaaaaaaaaaaaaaaaaaa" },
    ],
    ["@night_rina", { handle: "@night_rina" }],
    ["https://youtube.com/@night.rina?si=x", { handle: "@night.rina" }],
    ["night_rina", null],
    ["UCshort", null],
    ["https://example.com/@x", null],
  ])("%s", (input, expected) => {
    expect(parseChannelInput(input)).toEqual(expected);
  });
});

describe("the channel feed", () => {
  it("parses a feed as youtube.com writes it", async () => {
    const xml = await (await fetch(`${fake.url}/feeds/videos.xml?channel_id=${channel.channelId}`)).text();
    const feed = parseYouTubeFeed(xml);
    expect(feed.title).toBe("りな & ちゃんねる"); // entities decoded
    expect(feed.items).toHaveLength(15);
    const newest = channel.videos[0]!;
    expect(feed.items[0]).toEqual({
      external_id: newest.videoId,
      kind: "video",
      caption: newest.title,
      media_urls: [`https://www.youtube.com/embed/${newest.videoId}`],
      thumbnail_url: `https://i1.ytimg.com/vi/${newest.videoId}/hqdefault.jpg`,
      permalink: `https://www.youtube.com/watch?v=${newest.videoId}`,
      embed_url: `https://www.youtube.com/embed/${newest.videoId}`,
      posted_at: new Date(newest.publishedAt!),
    });
    // `published` (upload time), not `updated`
    expect(feed.items[1]!.posted_at.toISOString()).toBe(channel.videos[1]!.publishedAt);
  });

  it("without a key: resolves a @handle through the channel page and lists the feed", async () => {
    expect(feedClient.usesDataApi).toBe(false);
    const resolved = await feedClient.resolveChannel("@night_rina");
    expect(resolved).toEqual({
      channelId: channel.channelId,
      title: "りな & ちゃんねる",
      uploadsPlaylistId: null,
    });
    expect(await feedClient.resolveChannel(channel.channelId)).toEqual(resolved);
    expect(await feedClient.resolveChannel("@nobody_here")).toBeNull();
    expect(await feedClient.resolveChannel("UCzzzzzzzzzzzzzzzzzzzzzz")).toBeNull();

    const page = await feedClient.listVideos(resolved!);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((i) => i.external_id)).toEqual(
      publicVideos()
        .slice(0, 15)
        .map((v) => v.videoId),
    );
  });

  it("a feed outage is a retryable vendor error", async () => {
    fake.feedOutage = 500;
    try {
      const error = await feedClient.listFeed(channel.channelId).catch((e) => e);
      expect(error).toBeInstanceOf(SnsVendorError);
      expect(error).toMatchObject({ status: 500, retryable: true });
    } finally {
      fake.feedOutage = undefined;
    }
  });
});

describe("the Data API", () => {
  it("resolves a @handle with channels?forHandle (uploads playlist) and an unknown handle to null", async () => {
    expect(apiClient.usesDataApi).toBe(true);
    expect(await apiClient.resolveChannel("@night_rina")).toEqual({
      channelId: channel.channelId,
      title: "りな & ちゃんねる",
      uploadsPlaylistId: channel.channelId.replace(/^UC/, "UU"),
    });
    expect((await apiClient.resolveChannel(channel.channelId))?.channelId).toBe(channel.channelId);
    expect(await apiClient.resolveChannel("@nobody_here")).toBeNull();
    const call = fake.requests.findLast((r) => r.path === "/youtube/v3/channels")!;
    expect(call.query.get("forHandle")).toBe("@nobody_here");
    expect(call.query.get("key")).toBe(fake.apiKey);
  });

  it("pages playlistItems: every public upload once, newest first, private ones skipped", async () => {
    const resolved = (await apiClient.resolveChannel("@night_rina"))!;
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await apiClient.listVideos(resolved, { cursor });
      ids.push(...page.items.map((i) => i.external_id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(ids).toEqual(publicVideos().map((v) => v.videoId));
    expect(ids).toHaveLength(119);
    const first = (await apiClient.listVideos(resolved)).items[0]!;
    expect(first).toMatchObject({
      caption: channel.videos[0]!.title,
      thumbnail_url: `https://i.ytimg.com/vi/${channel.videos[0]!.videoId}/hqdefault.jpg`,
      posted_at: new Date(channel.videos[0]!.publishedAt!),
    });
  });

  it("429 with Retry-After and 403 quotaExceeded become RateLimitedError", async () => {
    const resolved = (await apiClient.resolveChannel("@night_rina"))!;
    fake.rateLimitNext(17);
    const limited = await apiClient.listVideos(resolved).catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(limited.retryAfterSeconds).toBe(17);
    fake.quotaExhausted = true;
    try {
      const quota = await apiClient.listVideos(resolved).catch((e) => e);
      expect(quota).toBeInstanceOf(RateLimitedError);
      expect(quota).toMatchObject({ status: 403, code: "quotaExceeded", retryAfterSeconds: 3600 });
    } finally {
      fake.quotaExhausted = false;
    }
    // The feed still answers while the quota is gone (the importer's fallback).
    expect((await apiClient.listFeed(channel.channelId)).items).toHaveLength(15);
  });

  it("a bad key is a vendor error, not a rate limit", async () => {
    const bad = createYouTubeClient({
      apiKey: "wrong",
      apiBase: `${fake.url}/youtube/v3`,
      feedBase: fake.url,
    });
    const error = await bad.resolveChannel("@night_rina").catch((e) => e);
    expect(error).toBeInstanceOf(SnsVendorError);
    expect(error).not.toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ status: 400, code: "badRequest" });
    expect(error.message).not.toContain("wrong");
  });
});
