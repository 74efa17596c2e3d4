import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "../fixtures";

/** A GET with exactly these request headers, its body as sent (no decoding). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    },
  );
}

test.describe("app shell on a fresh data directory", () => {
  test("the top page renders demo stores server-side, in Japanese", async ({ page, request }) => {
    // Without JavaScript the cards are already in the HTML: they come from the database.
    const html = await (await request.get("/")).text();
    expect(html).toContain('<html lang="ja"');
    expect(html).toMatch(/<title>ヨルナビ｜/);

    await page.goto("/");
    await expect(page).toHaveTitle(/ヨルナビ/);
    const cards = page.getByTestId("new-stores").getByRole("article");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole("heading", { name: "新着店舗" })).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "利用規約", exact: true }),
    ).toBeVisible();
  });

  test.describe("404", () => {
    // The browser reports the 404 status of the document itself as a console error.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test("an unknown path answers a Japanese 404 page with status 404", async ({ page }) => {
      const response = await page.goto("/this/page/does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
      await expect(page).toHaveTitle(/ページが見つかりません/);
      await page.getByRole("link", { name: "トップページへ戻る" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test("an unknown API path answers a JSON 404", async ({ request }) => {
    const response = await request.get("/api/no-such-endpoint");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not-found", message: expect.any(String) } });
  });

  test("the scroll-to-top button appears from 100 px and brings the page back up", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "ページの先頭へ戻る" });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 99));
    await page.waitForTimeout(100);
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test("the modal is closed by default, locks the page while open and closes on the overlay", async ({
    page,
  }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveCount(0);
    const locked = () => page.evaluate(() => document.documentElement.classList.contains("scroll-locked"));
    expect(await locked()).toBe(false);

    await page.getByRole("banner").getByRole("link", { name: "さがす" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName("さがす");
    await expect(dialog).toHaveAccessibleDescription("お店は店名や業種から、キャストは名前から探せます。");
    expect(await locked()).toBe(true);
    const overflow = await page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(overflow).toBe("hidden");

    // A click on the dimmed area outside the panel closes it.
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    expect(await locked()).toBe(false);

    await page.getByRole("banner").getByRole("link", { name: "さがす" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("the page's scripts go out as the build compressed them: brotli or gzip, as the browser takes them", async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get("/")).text();
    const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([url]) => url);
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of new Set(scripts)) {
      const plain = await rawGet(`${baseURL}${script}`, { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const br = await rawGet(`${baseURL}${script}`, { "accept-encoding": "gzip, deflate, br" });
      const gzip = await rawGet(`${baseURL}${script}`, { "accept-encoding": "gzip" });
      if (plain.body.length < 1024) continue;
      expect(br.headers).toMatchObject({
        "content-encoding": "br",
        vary: expect.stringContaining("Accept-Encoding"),
      });
      expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      // The build's files, not a compression made for this request.
      const built = path.join("build/client", script);
      expect(br.body.equals(readFileSync(`${built}.br`))).toBe(true);
      expect(gzip.body.equals(readFileSync(`${built}.gz`))).toBe(true);
    }
  });

  test("reference data is served as JSON", async ({ request }) => {
    const areas = await (await request.get("/api/areas")).json();
    expect(areas).toHaveLength(8);
    const prefectures = areas.flatMap((region: { children: unknown[] }) => region.children);
    expect(prefectures).toHaveLength(47);
    const options = await (await request.get("/api/options")).json();
    expect(JSON.stringify(options)).toContain("girls_bar");
  });

  test("a second server on the same data directory stops with a clear message", async () => {
    const child = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "3299", DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("already open in another process");
  });
});
