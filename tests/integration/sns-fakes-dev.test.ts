import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/env";
import { createSnsPorts, type SnsPorts } from "~/.server/integrations/sns";
import { type FakeInstagram, startFakeInstagram } from "../../scripts/fakes/instagram";
import { type FakeTikTok, startFakeTikTok } from "../../scripts/fakes/tiktok";
import { type FakeYouTube, startFakeYouTube } from "../../scripts/fakes/youtube";

// What `npm run fakes` prints is enough configuration: parseEnv of the fakes' variables gives
// ports that complete connect → list against the seeded demo accounts (ADR 0023).
let instagram: FakeInstagram;
let tiktok: FakeTikTok;
let youtube: FakeYouTube;
let ports: SnsPorts;

beforeAll(async () => {
  [instagram, tiktok, youtube] = await Promise.all([
    startFakeInstagram({ seed: true }),
    startFakeTikTok({ seed: true }),
    startFakeYouTube({ seed: true }),
  ]);
  ports = createSnsPorts(parseEnv({ ...instagram.env, ...tiktok.env, ...youtube.env }).sns);
});
afterAll(() => Promise.all([instagram.close(), tiktok.close(), youtube.close()]));

/** Open the consent page like a browser, pick the first account, follow the redirect. */
async function clickThrough(authorizeUrl: string): Promise<URL> {
  const page = await (await fetch(authorizeUrl)).text();
  const href = /<a href="([^"]+approve_user[^"]+)"/.exec(page)![1]!.replaceAll("&amp;", "&");
  const response = await fetch(new URL(href, authorizeUrl), { redirect: "manual" });
  return new URL(response.headers.get("location")!);
}

describe("the fakes with the env they print", () => {
  const redirectUri = "http://localhost:3000/staff/mypage/instagram/callback";

  it("Instagram: consent page → code → long-lived token → first page of media", async () => {
    const back = await clickThrough(ports.instagram!.authorizeUrl({ redirectUri, state: "x" }));
    const short = await ports.instagram!.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
    const long = await ports.instagram!.exchangeForLongLived(short.accessToken);
    const page = await ports.instagram!.listMedia(long.accessToken);
    expect(page.items).toHaveLength(25);
    expect(page.nextCursor).not.toBeNull();
  });

  it("Instagram: cancelling comes back with error=access_denied", async () => {
    const page = await (await fetch(ports.instagram!.authorizeUrl({ redirectUri, state: "x" }))).text();
    const cancel = new URL(
      /<a href="([^"]+error=access_denied[^"]*)"/.exec(page)![1]!.replaceAll("&amp;", "&"),
    );
    expect(cancel.searchParams.get("error_reason")).toBe("user_denied");
    expect(cancel.searchParams.get("state")).toBe("x");
  });

  it("TikTok: consent page → tokens → videos", async () => {
    const back = await clickThrough(ports.tiktok!.authorizeUrl({ redirectUri, state: "y" }));
    const grant = await ports.tiktok!.exchangeCode({ code: back.searchParams.get("code")!, redirectUri });
    expect((await ports.tiktok!.listVideos(grant.accessToken)).items).toHaveLength(20);
  });

  it("YouTube: the demo handle resolves and lists through the Data API", async () => {
    const channel = await ports.youtube.resolveChannel("@yoru_navi_demo");
    expect(channel?.title).toBe("ヨルナビ デモチャンネル");
    expect((await ports.youtube.listVideos(channel!)).items).toHaveLength(49); // 50 minus a private one
  });

  it("the control endpoints work over HTTP (for trying the error paths by hand)", async () => {
    await fetch(`${tiktok.url}/__fake/rate-limit?retry_after=9`);
    const back = await clickThrough(ports.tiktok!.authorizeUrl({ redirectUri, state: "z" }));
    await expect(
      ports.tiktok!.exchangeCode({ code: back.searchParams.get("code")!, redirectUri }),
    ).rejects.toMatchObject({ name: "RateLimitedError", retryAfterSeconds: 9 });
  });
});
