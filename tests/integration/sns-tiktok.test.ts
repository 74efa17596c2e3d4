import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RateLimitedError, SnsVendorError, TokenInvalidError } from "~/.server/integrations/sns/errors";
import { createTikTokClient } from "~/.server/integrations/sns/tiktok/tiktok-client";
import type { TikTokPort } from "~/.server/integrations/sns/tiktok/tiktok-port";
import { type FakeTikTok, type FakeTikTokUser, startFakeTikTok } from "../../scripts/fakes/tiktok";

// The real TikTok client against the fake of scripts/fakes (ADR 0023); no database.
const REDIRECT = "https://yoru.example/staff/mypage/instagram/tiktok/callback";
let fake: FakeTikTok;
let client: TikTokPort;
let user: FakeTikTokUser;

beforeAll(async () => {
  fake = await startFakeTikTok();
  client = createTikTokClient({ ...fake.app, authBase: fake.url, apiBase: fake.url });
  user = fake.addUser({ displayName: "ミナ", videoCount: 47 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.shortPages = undefined;
});

async function authorize(openId: string): Promise<string> {
  const url = new URL(client.authorizeUrl({ redirectUri: REDIRECT, state: "st-9" }));
  url.searchParams.set("approve_user", openId);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-9");
  return back.searchParams.get("code")!;
}

const connect = async (openId = user.openId) =>
  client.exchangeCode({ code: await authorize(openId), redirectUri: REDIRECT });

async function listAll(token: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.listVideos(token, { cursor, limit });
    ids.push(...page.items.map((v) => v.external_id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 50);
  return { ids, pages };
}

describe("TikTok client against the fake", () => {
  it("builds the Login Kit v2 authorize URL", () => {
    const url = new URL(client.authorizeUrl({ redirectUri: REDIRECT, state: "s" }));
    expect(url.pathname).toBe("/v2/auth/authorize/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: fake.app.clientKey,
      scope: "user.info.basic,video.list",
      redirect_uri: REDIRECT,
      state: "s",
      response_type: "code",
    });
  });

  it("exchanges a code for tokens with their expiries and reads the user", async () => {
    const before = Date.now();
    const grant = await connect();
    expect(grant.openId).toBe(user.openId);
    expect(grant.accessToken).toMatch(/^act\./);
    expect(grant.refreshToken).toMatch(/^rft\./);
    expect(grant.scopes).toEqual(["user.info.basic", "video.list"]);
    expect(grant.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 7200_000);
    expect(grant.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 7200_000);
    expect(grant.refreshExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 15552000_000);
    expect(await client.getUser(grant.accessToken)).toEqual({
      openId: user.openId,
      unionId: `union-${user.openId}`,
      displayName: "ミナ",
      avatarUrl: expect.stringContaining(user.openId),
    });
  });

  it("an unknown code is a vendor error (invalid_grant), not a broken link", async () => {
    const error = await client.exchangeCode({ code: "nope", redirectUri: REDIRECT }).catch((e) => e);
    expect(error).toBeInstanceOf(SnsVendorError);
    expect(error).not.toBeInstanceOf(TokenInvalidError);
    expect(error.code).toBe("invalid_grant");
  });

  it("refresh rotates the refresh token: the new pair works, the old refresh token is invalid", async () => {
    const first = await connect();
    const second = await client.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await client.getUser(second.accessToken)).openId).toBe(user.openId);
    const reuse = await client.refresh(first.refreshToken).catch((e) => e);
    expect(reuse).toBeInstanceOf(TokenInvalidError);
    expect(reuse.code).toBe("invalid_grant");
    expect((await client.refresh(second.refreshToken)).openId).toBe(user.openId);
  });

  it("pages video/list by the ms cursor: all videos once, newest first, normalized", async () => {
    const { accessToken } = await connect();
    const { ids, pages } = await listAll(accessToken, 20);
    expect(pages).toBe(3);
    expect(ids).toEqual(user.videos.map((v) => v.id));
    expect(new Set(ids).size).toBe(47);

    const first = (await client.listVideos(accessToken, { limit: 1 })).items[0]!;
    const source = user.videos[0]!;
    expect(first).toEqual({
      external_id: source.id,
      kind: "video",
      caption: source.video_description,
      media_urls: [source.embed_link],
      thumbnail_url: source.cover_image_url,
      permalink: source.share_url,
      embed_url: `https://www.tiktok.com/player/v1/${source.id}`,
      posted_at: new Date(source.create_time * 1000),
    });
  });

  it("follows has_more through short pages", async () => {
    const { accessToken } = await connect();
    fake.shortPages = 7;
    const { ids, pages } = await listAll(accessToken, 20);
    expect(pages).toBe(7);
    expect(ids).toEqual(user.videos.map((v) => v.id));
  });

  it("video/query returns fresh covers for the ids asked, and skips ids that are not the user's", async () => {
    const { accessToken } = await connect();
    const wanted = [user.videos[5]!.id, user.videos[30]!.id, "123"];
    const videos = await client.queryVideos(accessToken, wanted);
    expect(videos.map((v) => v.external_id).sort()).toEqual([user.videos[5]!.id, user.videos[30]!.id].sort());
    expect(videos[0]!.thumbnail_url).toMatch(/&refreshed=\d+$/);
    expect(await client.queryVideos(accessToken, [])).toEqual([]);
  });

  it("turns 429 rate_limit_exceeded with Retry-After into RateLimitedError", async () => {
    const { accessToken } = await connect();
    fake.rateLimitNext(42);
    const error = await client.listVideos(accessToken).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.code).toBe("rate_limit_exceeded");
    expect((await client.listVideos(accessToken)).items).toHaveLength(20);
  });

  it("turns an expired access token (401 access_token_invalid) into TokenInvalidError; refresh recovers", async () => {
    const grant = await connect();
    fake.expireAccessToken(grant.accessToken);
    const error = await client.listVideos(grant.accessToken).catch((e) => e);
    expect(error).toBeInstanceOf(TokenInvalidError);
    expect(error).toMatchObject({ status: 401, code: "access_token_invalid" });
    const renewed = await client.refresh(grant.refreshToken);
    expect((await client.listVideos(renewed.accessToken)).items.length).toBe(20);
  });

  it("a revoked user: the access token and the refresh token both give TokenInvalidError", async () => {
    const other = fake.addUser({ displayName: "退会", videoCount: 2 });
    const grant = await connect(other.openId);
    expect((await client.listVideos(grant.accessToken)).items).toHaveLength(2);
    fake.revokeUser(other.openId);
    await expect(client.getUser(grant.accessToken)).rejects.toBeInstanceOf(TokenInvalidError);
    await expect(client.refresh(grant.refreshToken)).rejects.toBeInstanceOf(TokenInvalidError);
  });
});
