import { expect, test } from "../fixtures";

/**
 * The feeds on a phone (ADR 0024 "Pages"): /sns shows the demo data's posts, the source tabs and
 * the sorts change the URL and the list, and the next page loads when the end comes near.
 */

test.describe("feeds", () => {
  test("/sns shows listed posts; tabs and sorts change the URL and the list; more load on scroll", async ({
    page,
    request,
  }) => {
    const api = await (await request.get("/api/posts")).json();
    expect(api.total).toBeGreaterThan(20);

    await page.goto("/sns");
    await expect(page.getByRole("heading", { name: "みんなのSNS投稿", level: 1 })).toBeVisible();
    const cards = page.getByTestId("post-results").getByTestId("post-card");
    await expect(cards).toHaveCount(10);
    await expect(page.getByTestId("page-indicator")).toHaveText(`1-10/${api.total}`);
    await expect(cards.first()).toContainText(api.items[0].author.name || "（非公開）");

    // Within 250 px of the end, the next page is appended.
    await page.getByTestId("next-page").scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId("page-indicator")).toHaveText(`1-20/${api.total}`);

    // A source tab: the URL and the list follow.
    await page.getByRole("navigation", { name: "投稿の種類" }).getByRole("link", { name: "YouTube" }).click();
    await expect(page).toHaveURL(/\/sns\?source=youtube$/);
    const youtube = await (await request.get("/api/posts?source=youtube")).json();
    await expect(page.getByTestId("page-indicator")).toHaveText(
      `1-${Math.min(10, youtube.total)}/${youtube.total}`,
    );
    const sources = await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-source")));
    expect(new Set(sources)).toEqual(new Set(["youtube"]));
    await expect(cards.first().getByTestId("embed-facade")).toBeVisible();

    // A sort keeps the tab.
    await page.getByRole("navigation", { name: "並び順" }).getByRole("link", { name: "人気" }).click();
    await expect(page).toHaveURL(/source=youtube/);
    await expect(page).toHaveURL(/sort=popular/);
    const popular = await (await request.get("/api/posts?source=youtube&sort=popular")).json();
    await expect(cards.first()).toContainText(popular.items[0].author.name || "（非公開）");

    // Tapping a YouTube thumbnail opens the official embed player (youtube-nocookie).
    await cards.first().getByTestId("embed-facade").click();
    await expect(cards.first().locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
  });

  test("a prefecture narrows the feed; a staff member's page links to her feed", async ({
    page,
    request,
  }) => {
    await page.goto("/sns");
    await page.getByLabel("都道府県").selectOption("tokyo");
    await expect(page).toHaveURL(/prefecture=tokyo/);
    const tokyo = await (await request.get("/api/posts?prefecture=tokyo")).json();
    await expect(page.getByTestId("page-indicator")).toHaveText(
      `1-${Math.min(10, tokyo.total)}/${tokyo.total}`,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("東京都のSNS投稿");

    // A staff member with posts (the newest staff member may be one another spec just registered).
    const recent = await (await request.get("/api/posts?pageSize=50")).json();
    const staffId: string = recent.items.find((item: { staff_id: string | null }) => item.staff_id).staff_id;
    const posts = await (await request.get(`/api/posts?staffId=${staffId}`)).json();
    await page.goto(`/listener/staff/${staffId}`);
    await expect(page.getByTestId("latest-posts").getByRole("listitem")).toHaveCount(
      Math.min(6, posts.total),
    );
    await page.getByRole("link", { name: "投稿をすべて見る" }).click();
    await expect(page).toHaveURL(new RegExp(`/listener/staff/${staffId}/sns$`));
    await expect(page.getByTestId("page-indicator")).toHaveText(
      `1-${Math.min(10, posts.total)}/${posts.total}`,
    );
  });

  test("without JavaScript the next page is a plain link", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sns");
    await page.getByTestId("next-page").click();
    await expect(page).toHaveURL(/\/sns\?page=2$/);
    await expect(page.getByTestId("page-indicator")).toHaveText(/^11-20\//);
    await context.close();
  });
});
