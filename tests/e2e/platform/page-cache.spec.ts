import type { Browser, Page } from "@playwright/test";
import { PRIVATE_NO_STORE, sharedCacheControl } from "../../../app/domain/cache-policy";
import { expect, test } from "../fixtures";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

// Who may keep a page (ADR 0062), on a server of its own with the page cache on (the suite's
// servers render afresh): the Cache-Control of every kind of page signed out and signed in, a
// cached page's Content-Security-Policy still blocking an injected script, and two signed-in
// listeners never seeing each other's page.

const PASSWORD = "demo-pass-2026";
let server: SpawnedServer;

test.beforeAll(async () => {
  server = await spawnServer(3284, { SEED_DEMO: "true", PAGE_CACHE_MB: "32" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The first link to a public page of `kind` on a list page. */
async function firstLink(list: string, kind: "liver" | "staff"): Promise<string> {
  const html = await (await fetch(`${server.baseUrl}${list}`)).text();
  const found = html.match(new RegExp(`href="(/listener/${kind}/[^"/?#]+)"`));
  if (!found?.[1]) throw new Error(`no ${kind} link on ${list}`);
  return found[1];
}

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  await page.goto("/listener/login");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/listener\/mypage$/, { timeout: 20_000 });
  return page;
}

test("every kind of public page is shared signed out and private signed in; the rest is always private", async ({
  browser,
}) => {
  const store = await firstLink("/search/liver", "liver");
  const staff = await firstLink("/search/staff", "staff");
  const shared: [string, string][] = [
    ["/", sharedCacheControl("top")],
    ["/search/liver", sharedCacheControl("list")],
    ["/search/staff?sort=new", sharedCacheControl("list")],
    ["/coupons", sharedCacheControl("list")],
    [store, sharedCacheControl("profile")],
    [staff, sharedCacheControl("profile")],
    ["/sns", sharedCacheControl("feed")],
    [`${store}/youtube`, sharedCacheControl("feed")],
    ["/gps", sharedCacheControl("map")],
    ["/search/sns", sharedCacheControl("map")],
    ["/terms", sharedCacheControl("info")],
    ["/faq", sharedCacheControl("info")],
    ["/api/livers", sharedCacheControl("api")],
    ["/api/staffs?limit=5", sharedCacheControl("api")],
    // A client-side navigation's data, shared as its page is (ADR 0064).
    ["/_root.data", sharedCacheControl("top")],
    ["/search/staff.data?sort=new", sharedCacheControl("list")],
    [`${staff}.data`, sharedCacheControl("profile")],
    ["/gps.data", sharedCacheControl("map")],
  ];
  const alwaysPrivate = [
    "/listener/login",
    "/listener/registration",
    "/contact",
    "/listener/live/no-such-live",
    "/no-such-page",
    "/listener/login.data",
    "/listener/mypage.data",
    "/no-such-page.data",
    "/search/staff.data?bloodTypes=Z",
    "/api/livers?page=abc",
  ];
  for (const [path, header] of shared) {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("cache-control"), path).toBe(header);
    expect(response.headers.get("vary"), path).toMatch(/Cookie/);
  }
  for (const path of alwaysPrivate) {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
    expect(response.headers.get("cache-control"), `${path} (${response.status})`).toBe(PRIVATE_NO_STORE);
  }
  const form = await fetch(`${server.baseUrl}/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
    body: "name=",
  });
  expect(form.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);

  const listener = await signIn(browser, "listener@demo.example");
  for (const [path] of shared) {
    const response = await listener.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe(PRIVATE_NO_STORE);
    expect(response.headers()["x-page-cache"], path).toBeUndefined();
  }
  await listener.context().close();
});

test.describe("the policy of a kept page", () => {
  // The two injected scripts below are refused, and Chromium says so on the console.
  test.use({
    allowedConsoleErrors: [/Executing inline script violates the following Content Security Policy/],
  });

  test("a page served from the cache carries its own nonce, and its policy still blocks an injected script", async ({
    page,
  }) => {
    const path = "/search/staff?sort=popular";
    const first = await fetch(`${server.baseUrl}${path}`);
    await first.text();
    const cached = await fetch(`${server.baseUrl}${path}`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    const policy = cached.headers.get("content-security-policy") ?? "";
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await cached.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("content-security-policy")).toBe(policy);

    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The browser's Accept-Encoding is another key than fetch's: its first visit fills its copy.
    await page.goto(`${server.baseUrl}${path}`);
    const response = await page.goto(`${server.baseUrl}${path}`);
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    // The page works: its own inline scripts (with the cached answer's nonce) and modules ran…
    await page.waitForFunction(
      () => "__reactRouterContext" in window && "__reactRouterRouteModules" in window,
    );
    // …and markup injected into it runs nothing, with or without a guessed nonce.
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: string[] };
      w.injected = [];
      const blocked = new Promise<number>((resolve) => {
        let count = 0;
        document.addEventListener("securitypolicyviolation", () => {
          count++;
          if (count === 2) resolve(count);
        });
      });
      for (const guess of ["", "not-the-nonce"]) {
        const script = document.createElement("script");
        if (guess) script.setAttribute("nonce", guess);
        script.textContent = `window.injected.push(${JSON.stringify(guess)})`;
        document.body.append(script);
      }
      return { count: await blocked, injected: w.injected };
    });
    expect(ran).toEqual({ count: 2, injected: [] });
    expect(violations.length).toBeGreaterThan(0);
  });
});

test("two signed-in listeners never see each other's page, and nothing of theirs is served from the cache", async ({
  browser,
}) => {
  // A signed-out visit first, so the cache holds `/`.
  await fetch(`${server.baseUrl}/`);
  expect((await fetch(`${server.baseUrl}/`)).headers.get("x-page-cache")).toBe("hit");
  const pages = await Promise.all([
    signIn(browser, "listener@demo.example"),
    signIn(browser, "listener-000001@demo.example"),
  ]);
  const names = await Promise.all(
    pages.map(async (page) => {
      const me = (await (await page.request.get("/api/me")).json()) as { account: { nickname: string } };
      return me.account.nickname;
    }),
  );
  expect(names[0]).not.toBe(names[1]);
  for (let round = 0; round < 3; round++) {
    for (const [i, page] of pages.entries()) {
      for (const path of ["/", "/_root.data", "/listener/mypage/profile"]) {
        const response = await page.request.get(path);
        const html = await response.text();
        expect(response.headers()["x-page-cache"], path).toBeUndefined();
        expect(html, path).toContain(names[i]);
        expect(html, path).not.toContain(names[1 - i]);
      }
    }
  }
  for (const page of pages) await page.context().close();
});

test("a signed-out visitor's client-side navigations are kept too, and still land on the right page", async ({
  page,
}) => {
  const path = "/search/staff.data?sort=popular";
  const first = await fetch(`${server.baseUrl}${path}`);
  const body = await first.text();
  const again = await fetch(`${server.baseUrl}${path}`);
  expect(again.headers.get("x-page-cache")).toBe("hit");
  expect(await again.text()).toBe(body);

  // In the browser: the top page, then a link followed without a page load, its data the page
  // cache's copy (filled first for the browser's own Accept-Encoding, a key of its own).
  const forBrowser = await fetch(`${server.baseUrl}${path}`, {
    headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  });
  await forBrowser.arrayBuffer();
  await page.goto(`${server.baseUrl}/`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const data = page.waitForResponse((response) => response.url().includes("/search/staff.data"));
  await page.getByRole("link", { name: "人気順で見る" }).click();
  expect((await data).headers()["x-page-cache"]).toBe("hit");
  await expect(page).toHaveURL(/\/search\/staff\?sort=popular/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("キャスト");
  await expect(page.getByTestId("staff-results").getByRole("article").first()).toBeVisible();
});
