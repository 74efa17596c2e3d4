import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snsLinks } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { SNS_LINK_MESSAGES } from "~/domain/sns-links";
import * as storePage from "~/routes/liver/mypage-post";
import * as storeCallback from "~/routes/liver/mypage-sns-callback";
import * as staffPage from "~/routes/staff/mypage-instagram";
import * as staffCallback from "~/routes/staff/mypage-instagram-callback";
import { type FakeInstagram, startFakeInstagram } from "../../scripts/fakes/instagram";
import { type FakeYouTube, startFakeYouTube } from "../../scripts/fakes/youtube";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

// The link pages as React Router calls them: guards, the connect redirect to the vendor, the real
// callback, field errors with status 400, disconnect.
describe.each(drivers)("SNS link pages on %s", (driver) => {
  let database: TestDatabase;
  let ig: FakeInstagram;
  let yt: FakeYouTube;
  let rc: RouteContext;
  let staffCookie: string;
  let storeCookie: string;
  let staffUid: string;

  beforeAll(async () => {
    [database, ig, yt] = await Promise.all([
      openTestDatabase(driver, { prefix: "snsroutes" }),
      startFakeInstagram(),
      startFakeYouTube(),
    ]);
    rc = routeContext(database.db);
    // The fakes' Instagram and YouTube; TikTok stays unconfigured.
    rc.context.env = parseEnv({
      AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      BASE_URL: "http://localhost:3999",
      DATA_DIR: rc.dataDir,
      ...ig.env,
      ...yt.env,
    });
    const store = await makeLiver(database.db);
    const staff = await makeStaff(database.db, store.uid);
    staffUid = staff.uid;
    staffCookie = await sessionCookie(rc.context, "staff", staff.loginId, FACTORY_PASSWORD);
    storeCookie = await sessionCookie(rc.context, "liver", store.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), ig?.close(), yt?.close()]);
  });

  it("guards the pages by role", async () => {
    const anonymous = await call(staffPage.loader, { context: rc.context, url: "/staff/mypage/instagram" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/staff\/login/);
    const listener = await makeListener(database.db);
    const cookie = await sessionCookie(rc.context, "listener", listener.email, FACTORY_PASSWORD);
    const wrong = await call(storePage.loader, {
      context: rc.context,
      url: "/liver/mypage/post",
      cookie,
    });
    expect(wrong.status).toBe(302);
    expect(wrong.location).toMatch(/^\/liver\/login/);
  });

  it("connects Instagram: the button goes to the vendor, the callback links, a replay is refused", async () => {
    const page = await call(staffPage.loader, {
      context: rc.context,
      url: "/staff/mypage/instagram",
      cookie: staffCookie,
    });
    expect((page.body as { links: { source: string; state: string }[] }).links.map((l) => l.state)).toEqual([
      "not_linked",
      "not_configured",
      "not_linked",
    ]);

    const account = ig.addAccount({ username: "route_cast", mediaCount: 3 });
    const connect = await call(staffPage.action, {
      context: rc.context,
      url: "/staff/mypage/instagram",
      cookie: staffCookie,
      method: "POST",
      body: form({ intent: "connect", source: "instagram" }),
    });
    expect(connect.status).toBe(302);
    const authorize = new URL(connect.location!);
    expect(authorize.origin).toBe(ig.url);
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3999/staff/mypage/instagram/callback/instagram",
    );
    authorize.searchParams.set("approve_user", account.userId);
    const vendor = await fetch(authorize, { redirect: "manual" });
    const callbackUrl = new URL(vendor.headers.get("location")!);
    const path = `${callbackUrl.pathname}${callbackUrl.search}`;

    const done = await call(staffCallback.loader, {
      context: rc.context,
      url: path,
      cookie: staffCookie,
      params: { source: "instagram" },
    });
    expect(done).toMatchObject({ status: 302, location: "/staff/mypage/instagram?sns=linked" });
    const [row] = await database.db.select().from(snsLinks).where(eq(snsLinks.owner_id, staffUid));
    expect(row).toMatchObject({ source: "instagram", display_name: "route_cast", status: "active" });

    const replay = await call(staffCallback.loader, {
      context: rc.context,
      url: path,
      cookie: staffCookie,
      params: { source: "instagram" },
    });
    expect(replay.location).toBe("/staff/mypage/instagram?sns=state");
    // The store cannot complete the staff member's round trip either.
    const stolen = await call(storeCallback.loader, {
      context: rc.context,
      url: path.replace("/staff/mypage/instagram/", "/liver/mypage/sns/"),
      cookie: storeCookie,
      params: { source: "instagram" },
    });
    expect(stolen.location).toBe("/liver/mypage/post?sns=state");

    const after = await call(staffPage.loader, {
      context: rc.context,
      url: "/staff/mypage/instagram?sns=linked",
      cookie: staffCookie,
    });
    const body = after.body as { done: string; links: { state: string; displayName: string }[] };
    expect(body.done).toBe("linked");
    expect(body.links[0]).toMatchObject({ state: "linked", displayName: "route_cast" });
  });

  it("an unconfigured vendor's connect goes back with a message, not to the vendor", async () => {
    const answer = await call(staffPage.action, {
      context: rc.context,
      url: "/staff/mypage/instagram",
      cookie: staffCookie,
      method: "POST",
      body: form({ intent: "connect", source: "tiktok" }),
    });
    expect(answer.location).toBe("/staff/mypage/instagram?sns=not_configured");
  });

  it("refuses an unknown YouTube channel with 400 and the value kept, then links a known one for the store", async () => {
    const channel = yt.addChannel({ handle: "@route_store", title: "ルート店舗", videoCount: 2 });
    const refused = await call(storePage.action, {
      context: rc.context,
      url: "/liver/mypage/post",
      cookie: storeCookie,
      method: "POST",
      body: new URLSearchParams({
        intent: "youtube",
        channel: "@nobody_here",
      }) /* a browser posts the panel urlencoded */,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: { channel: SNS_LINK_MESSAGES.youtubeUnknown }, values: { channel: "@nobody_here" } },
    });
    const linked = await call(storePage.action, {
      context: rc.context,
      url: "/liver/mypage/post",
      cookie: storeCookie,
      method: "POST",
      body: new URLSearchParams({
        intent: "youtube",
        channel: `https://www.youtube.com/channel/${channel.channelId}`,
      }) /* a browser posts the panel urlencoded */,
    });
    expect(linked.location).toBe("/liver/mypage/post?sns=linked");

    const removed = await call(storePage.action, {
      context: rc.context,
      url: "/liver/mypage/post",
      cookie: storeCookie,
      method: "POST",
      body: new URLSearchParams({
        intent: "disconnect",
        source: "youtube",
        return_to: "https://evil.example/",
      }) /* a browser posts the panel urlencoded */,
    });
    expect(removed.location).toBe("/liver/mypage/post?sns=unlinked");
  });
});
