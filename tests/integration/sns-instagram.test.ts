import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RateLimitedError, SnsVendorError, TokenInvalidError } from "~/.server/integrations/sns/errors";
import { createInstagramClient } from "~/.server/integrations/sns/instagram/instagram-client";
import type { InstagramPort } from "~/.server/integrations/sns/instagram/instagram-port";
import type { SnsMediaItem } from "~/.server/integrations/sns/types";
import {
  type FakeInstagram,
  type FakeInstagramAccount,
  startFakeInstagram,
} from "../../scripts/fakes/instagram";

// The real Instagram client against the fake of scripts/fakes (ADR 0023); no database.
const REDIRECT = "https://yoru.example/staff/mypage/instagram/callback";
let fake: FakeInstagram;
let client: InstagramPort;
let account: FakeInstagramAccount;

beforeAll(async () => {
  fake = await startFakeInstagram();
  client = createInstagramClient({ ...fake.app, authBase: fake.url, apiBase: fake.url, graphBase: fake.url });
  account = fake.addAccount({ username: "aki_night", name: "アキ", mediaCount: 57 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.flatCodeAnswer = false;
});

/** The browser part of the login: the authorize page, the user allows, the redirect back. */
async function authorize(userId: string): Promise<string> {
  const url = new URL(client.authorizeUrl({ redirectUri: REDIRECT, state: "st-123" }));
  url.searchParams.set("approve_user", userId);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  expect(location.endsWith("#_")).toBe(true);
  const back = new URL(location);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-123");
  return `${back.searchParams.get("code")}#_`;
}

async function connect(): Promise<string> {
  const short = await client.exchangeCode({ code: await authorize(account.userId), redirectUri: REDIRECT });
  return (await client.exchangeForLongLived(short.accessToken)).accessToken;
}

describe("Instagram client against the fake", () => {
  it("builds the documented authorize URL", () => {
    const url = new URL(client.authorizeUrl({ redirectUri: REDIRECT, state: "abc" }));
    expect(url.pathname).toBe("/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.app.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "instagram_business_basic",
      state: "abc",
    });
  });

  it.each([
    ["the documented data:[…] form", false],
    ["the flat form", true],
  ])("exchanges a code (stripping #_) for a short-lived token, %s, then a 60-day token", async (_, flat) => {
    fake.flatCodeAnswer = flat;
    const short = await client.exchangeCode({ code: await authorize(account.userId), redirectUri: REDIRECT });
    expect(short.userId).toBe(account.userId);
    expect(short.accessToken).toMatch(/^IGQ/);
    expect(short.permissions).toEqual(["instagram_business_basic"]);
    const before = Date.now();
    const long = await client.exchangeForLongLived(short.accessToken);
    expect(long.accessToken).toMatch(/^IGAA/);
    expect(long.expiresAt.getTime() - before).toBeGreaterThanOrEqual(5183944_000 - 1000);
    expect(long.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5183944_000);
    expect((await client.getProfile(long.accessToken)).username).toBe("aki_night");
  });

  it("refuses a code used twice or sent with another redirect_uri (OAuth envelope → vendor error)", async () => {
    const code = await authorize(account.userId);
    await expect(client.exchangeCode({ code, redirectUri: `${REDIRECT}x` })).rejects.toMatchObject({
      name: "SnsVendorError",
      status: 400,
      code: "400",
    });
    const fresh = await authorize(account.userId);
    await client.exchangeCode({ code: fresh, redirectUri: REDIRECT });
    const again = client.exchangeCode({ code: fresh, redirectUri: REDIRECT });
    await expect(again).rejects.toBeInstanceOf(SnsVendorError);
    await expect(again).rejects.not.toBeInstanceOf(TokenInvalidError);
    await expect(again).rejects.toThrow(/Invalid authorization code/);
  });

  it("refreshes a long-lived token into a new one that works", async () => {
    const token = await connect();
    const refreshed = await client.refresh(token);
    expect(refreshed.accessToken).not.toBe(token);
    expect((await client.getProfile(refreshed.accessToken)).userId).toBe(account.userId);
  });

  it("reads the profile", async () => {
    expect(await client.getProfile(await connect())).toEqual({
      userId: account.userId,
      username: "aki_night",
      name: "アキ",
      accountType: "BUSINESS",
      profilePictureUrl: expect.stringContaining(account.userId),
      mediaCount: 57,
    });
  });

  it("pages through all media with the cursor: every item once, newest first, carousels with children", async () => {
    const token = await connect();
    const seen: SnsMediaItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.listMedia(token, { cursor, limit: 25 });
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((m) => m.external_id)).toEqual(account.media.map((m) => m.id));
    expect(new Set(seen.map((m) => m.external_id)).size).toBe(57);

    const carousel = seen[0]!;
    const source = account.media[0]!;
    expect(carousel).toEqual({
      external_id: source.id,
      kind: "carousel",
      caption: source.caption,
      media_urls: source.children!.map((c) => c.media_url),
      thumbnail_url: source.children![0]!.media_url,
      permalink: source.permalink,
      embed_url: null,
      posted_at: new Date(Date.parse("2026-11-20T12:00:00Z")),
    });
    expect(carousel.media_urls).toHaveLength(3);
    const reel = seen[3]!;
    expect(reel).toMatchObject({ kind: "video", thumbnail_url: account.media[3]!.thumbnail_url });
    expect(reel.media_urls).toEqual([account.media[3]!.media_url]);
    const image = seen[1]!;
    expect(image).toMatchObject({
      kind: "image",
      media_urls: [account.media[1]!.media_url],
      caption: "写真 #2",
    });
    expect(seen[4]!.caption).toBe(""); // a post without a caption
    expect(seen[1]!.posted_at.toISOString()).toBe("2026-11-20T09:00:00.000Z");
  });

  it("turns 429 with Retry-After into RateLimitedError with those seconds", async () => {
    const token = await connect();
    fake.rateLimitNext(120);
    const error = await client.listMedia(token).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.status).toBe(429);
    expect((await client.listMedia(token)).items).toHaveLength(25);
  });

  it("turns an expired token (190/463) into TokenInvalidError, also when refreshing", async () => {
    const token = await connect();
    fake.expireToken(token);
    const listing = await client.listMedia(token).catch((e) => e);
    expect(listing).toBeInstanceOf(TokenInvalidError);
    expect(listing.code).toBe("190/463");
    await expect(client.refresh(token)).rejects.toBeInstanceOf(TokenInvalidError);
  });

  it("turns a revoked token (190/458) into TokenInvalidError", async () => {
    const other = fake.addAccount({ username: "revoked_one", mediaCount: 1 });
    const short = await client.exchangeCode({ code: await authorize(other.userId), redirectUri: REDIRECT });
    const token = (await client.exchangeForLongLived(short.accessToken)).accessToken;
    expect((await client.listMedia(token)).items).toHaveLength(1);
    fake.revokeToken(token);
    const error = await client.getProfile(token).catch((e) => e);
    expect(error).toBeInstanceOf(TokenInvalidError);
    expect(error.code).toBe("190/458");
    expect(error.retryable).toBe(false);
  });

  it("reports a dead vendor as a retryable vendor error, and a timeout within the limit", async () => {
    const dead = createInstagramClient({
      ...fake.app,
      authBase: "http://127.0.0.1:3270",
      apiBase: "http://127.0.0.1:3270",
      graphBase: "http://127.0.0.1:3270",
    });
    const error = await dead.listMedia("IGAAx").catch((e) => e);
    expect(error).toBeInstanceOf(SnsVendorError);
    expect(error.status).toBeUndefined();
    expect(error.retryable).toBe(true);
    expect(error.message).not.toContain("IGAAx"); // tokens never in messages

    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as { port: number }).port;
    const slow = createInstagramClient({
      ...fake.app,
      authBase: "",
      apiBase: "",
      graphBase: `http://127.0.0.1:${port}`,
      timeoutMs: 200,
    });
    const started = Date.now();
    const timeout = await slow.listMedia("t").catch((e) => e);
    expect(timeout.message).toMatch(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
    silent.closeAllConnections();
    silent.close();
  });
});
