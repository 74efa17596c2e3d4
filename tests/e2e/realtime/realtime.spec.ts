import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import pg from "pg";
import { E2E_BASE_URL } from "../../../playwright.config";
import { parseSseBlock } from "../../support/sse";
import { expect, test } from "../fixtures";
import { spawnServer } from "../support/spawn-server";

// The realtime channel end to end (ADR 0018): a staff member's mypage hears a new follower live.
const PASSWORD = "demo-pass-2026";

async function signedInListener(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post("/listener/login", {
    form: { email: "listener@demo.example", password: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return context;
}

async function openStaffMypage(page: Page, baseURL: string): Promise<string> {
  await page.goto(`${baseURL}/staff/login`);
  await page.getByLabel("ログインID").fill("demo-cast");
  await page.locator('input[name="password"]').fill(PASSWORD);
  const stream = page.waitForResponse((r) => r.url().includes("/api/me/events"));
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/mypage$/);
  expect((await stream).status()).toBe(200);
  const me = (await (await page.request.get(`${baseURL}/api/me`)).json()) as { account: { uid: string } };
  return me.account.uid;
}

/** Follows `staffId` as the listener so that the follow is new (an existing one is removed first). */
async function followAnew(listener: APIRequestContext, staffId: string): Promise<number> {
  let response = await listener.post("/api/favorites", { data: { staff_id: staffId } });
  if (response.status() === 200) {
    const { favorite_id } = (await response.json()) as { favorite_id: string };
    expect((await listener.delete(`/api/favorites/${favorite_id}`)).status()).toBe(200);
    response = await listener.post("/api/favorites", { data: { staff_id: staffId } });
  }
  expect(response.status()).toBe(201);
  return ((await response.json()) as { follower_number: number }).follower_number;
}

test("a staff member's mypage shows a new follower without a reload", async ({ page }) => {
  const staffId = await openStaffMypage(page, E2E_BASE_URL);
  const listener = await signedInListener(E2E_BASE_URL);
  const followers = await followAnew(listener, staffId);
  await expect(page.getByTestId("account-event-notice")).toContainText(
    `新しくフォローされました（フォロワー ${followers.toLocaleString("ja-JP")}人）`,
  );
  await expect(page.getByText("フォロワー", { exact: true }).locator("..")).toContainText(
    followers.toLocaleString("ja-JP"),
  );
  await listener.dispose();
});

test("the event stream refuses a signed-out visitor with 401", async ({ request }) => {
  const response = await request.get("/api/me/events");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/json");
});

test("SIGTERM ends open event streams at once instead of waiting out the drain", async () => {
  test.setTimeout(150_000);
  const server = await spawnServer(3287, { SEED_DEMO: "true" });
  try {
    const listener = await signedInListener(server.baseUrl);
    const cookie = (await listener.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    // A raw stream through the whole Express stack: headers, no compression, heartbeats.
    const response = await fetch(`${server.baseUrl}/api/me/events`, {
      headers: { cookie, "accept-encoding": "gzip, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(parseSseBlock(first.split("\n\n")[0]!)).toMatchObject({ retry: "3000", comment: "connected" });
    const started = Date.now();
    const code = await server.stop();
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) break;
    await listener.dispose();
  } finally {
    server.child.kill("SIGKILL");
  }
});

// Fan-out across processes needs PostgreSQL (PGlite is one process): run where CI provides one.
const adminUrl = process.env.TEST_DATABASE_URL?.trim();
if (adminUrl) {
  test("an event published through one server process reaches a browser subscribed through another", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const name = `realtime_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // One database, two independent servers; one secret so a session of one is good on the other.
    const shared = { DATABASE_URL: url.toString(), AUTH_SECRET: "realtime-e2e-secret-0123456789abcdefghij" };
    const servers: Awaited<ReturnType<typeof spawnServer>>[] = [];
    try {
      servers.push(await spawnServer(3285, { ...shared, SEED_DEMO: "true" }));
      servers.push(await spawnServer(3286, shared));
      const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
      expect(a.child.pid).not.toBe(b.child.pid);

      const staffId = await openStaffMypage(page, a.baseUrl);
      const listener = await signedInListener(b.baseUrl);
      const followers = await followAnew(listener, staffId);
      await expect(page.getByTestId("account-event-notice")).toContainText(
        `新しくフォローされました（フォロワー ${followers.toLocaleString("ja-JP")}人）`,
      );
      await listener.dispose();
      await page.close();
    } finally {
      for (const server of servers) expect(await server.stop()).toBe(0);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
}
