import { JS_GZIP_BUDGETS, WEIGHED_PAGES, weighPage } from "../../../scripts/page-weight";
import { expect, test } from "../fixtures";

/**
 * ADR 0020, "public pages lighter": byte budgets and the loading of the largest picture, not
 * timings. Each page is loaded on a fresh page (empty cache) at the phone viewport; every
 * JavaScript response is gzip-compressed and summed; the Largest Contentful Paint element must not
 * be an <img loading="lazy">. `npm run bench -- --section weight` prints the same figures.
 */
test.describe("page weight", () => {
  for (const path of WEIGHED_PAGES) {
    const budget = JS_GZIP_BUDGETS[path]!;
    test(`${path}: JavaScript at most ${budget / 1000} kB gzip, LCP element not lazy`, async ({
      page,
      baseURL,
    }) => {
      const weight = await weighPage(page, baseURL!, path);
      const files = weight.scripts.map((s) => `${new URL(s.url).pathname} ${s.gzip}`).join("\n");
      expect(weight.scripts.length, "the page loads its scripts").toBeGreaterThan(0);
      expect(weight.jsGzip, `JavaScript gzip bytes of ${path}:\n${files}`).toBeLessThanOrEqual(budget);
      expect(weight.lcp, "the browser reports an LCP element").not.toBeNull();
      expect(weight.lcpLazy, `LCP element of ${path}: ${JSON.stringify(weight.lcp)}`).toBe(false);
    });
  }

  test("the first pictures of the lists, store and staff pages load eagerly, the rest lazily", async ({
    page,
    baseURL,
  }) => {
    // The search pages: the LCP is the first card's picture, fetched at once with a high priority.
    for (const path of ["/search/staff", "/search/liver"]) {
      const weight = await weighPage(page, baseURL!, path);
      expect(weight.lcpLazy, `LCP element of ${path}: ${JSON.stringify(weight.lcp)}`).toBe(false);
      const images = page.getByRole("main").locator("article img");
      expect(await images.count()).toBeGreaterThan(4);
      // The first two cards fetch their picture at once with a high priority, the next two at once;
      // a card without a picture (a new performer, added by an earlier spec) has no <img> at all.
      const cards = page.getByRole("main").locator("article");
      for (const [index, priority] of [
        [0, "high"],
        [1, "high"],
        [2, null],
        [3, null],
      ] as const) {
        const picture = cards.nth(index).locator("img");
        if ((await picture.count()) === 0) continue;
        await expect(picture.first()).toHaveAttribute("loading", "eager");
        if (priority) await expect(picture.first()).toHaveAttribute("fetchpriority", priority);
        else await expect(picture.first()).not.toHaveAttribute("fetchpriority", "high");
      }
      await expect(images.last()).toHaveAttribute("loading", "lazy");
      // Width and height reserve the space before the picture arrives (no layout shift).
      await expect(images.first()).toHaveAttribute("width", /\d+/);
      await expect(images.first()).toHaveAttribute("height", /\d+/);
    }

    // A staff member's and a store's page: the first photo of the gallery.
    await page.goto("/search/staff");
    const staffHref = await page
      .getByRole("main")
      .locator('a[href^="/listener/staff/"]')
      .first()
      .getAttribute("href");
    await page.goto("/search/liver");
    const storeHref = await page
      .getByRole("main")
      .locator('a[href^="/listener/liver/"]')
      .first()
      .getAttribute("href");
    for (const path of [staffHref, storeHref]) {
      expect(path).toBeTruthy();
      const weight = await weighPage(page, baseURL!, path!);
      expect(weight.lcpLazy, `LCP element of ${path}: ${JSON.stringify(weight.lcp)}`).toBe(false);
    }
  });
});
