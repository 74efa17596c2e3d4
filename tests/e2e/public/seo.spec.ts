import { expect, test } from "../fixtures";

test.describe("for search engines and shared caches", () => {
  test("robots.txt points at the sitemap; the sitemap lists public stores and staff", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*/m);
    expect(rules).toMatch(/Disallow: \/listener\/mypage/);
    expect(rules).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const stores = xml.match(/\/listener\/liver\/[^<]+/g) ?? [];
    const staff = xml.match(/\/listener\/staff\/[^<]+/g) ?? [];
    // The demo data: 60 stores (some not public) and 480 staff (some hidden or deleted).
    expect(stores.length).toBeGreaterThan(40);
    expect(staff.length).toBeGreaterThan(300);
    const { total } = await (await request.get("/api/staffs?pageSize=1")).json();
    expect(staff.length).toBe(total);
  });

  test("a page rendered for a signed-in browser is never kept by a shared cache", async ({ page }) => {
    const anonymous = await page.goto("/");
    expect(anonymous?.headers()["cache-control"] ?? "").not.toContain("private");
    await page.goto("/listener/login");
    await page.getByLabel("メールアドレス").fill("listener@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await Promise.all([
      page.waitForURL(/\/listener\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
    for (const path of ["/", "/listener/mypage", "/search/staff"]) {
      const response = await page.goto(path);
      expect(response?.headers()["cache-control"], path).toBe("private, no-store");
    }
  });
});
