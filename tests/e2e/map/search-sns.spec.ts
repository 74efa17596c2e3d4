import { expect, test } from "../fixtures";
import { recordRequests, tileRequests, toOpenStreetMap } from "./map-support";

test.describe("/search/sns", () => {
  test("the server lists the clusters of all of Japan; the map zooms into a cluster down to a store whose posts open", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    // The map asks for the clusters of its own view once it is drawn.
    const firstView = page.waitForResponse((r) => r.url().includes("/api/posts/map?"));
    await page.goto("/search/sns");
    const list = page.getByTestId("sns-map-list");
    await expect(list.getByRole("listitem").first()).toBeVisible();
    const map = page.getByTestId("sns-map");
    await expect(map).toHaveAttribute("data-map-state", "ready");
    const markers = map.locator('[data-marker-kind="cluster"], [data-marker-kind="store"]');
    await expect(markers.first()).toBeVisible();
    await expect(map.locator('[data-marker-kind="cluster"]').first()).toHaveAttribute(
      "aria-label",
      /店舗・投稿 \d+ 件のまとまり/,
    );

    await firstView;
    await expect(page.getByText("投稿を読み込み中…")).toHaveCount(0);
    // Click the biggest cluster until a single store's marker shows (each click zooms to its bounds).
    const storeMarker = map.locator('[data-marker-kind="store"]').first();
    for (let i = 0; i < 8 && !(await storeMarker.isVisible()); i++) {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes("/api/posts/map?")),
        map.locator('[data-marker-kind="cluster"]').first().click(),
      ]);
      expect(answer.status()).toBe(200);
      await expect(page.getByText("投稿を読み込み中…")).toHaveCount(0);
    }
    await expect(storeMarker).toBeVisible();
    const name = ((await storeMarker.getAttribute("aria-label")) ?? "").replace(/：投稿 \d+ 件$/, "");
    // Enter on the focused marker opens the store's latest posts.
    await storeMarker.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("store-posts");
    await expect(panel.getByRole("heading", { name })).toBeVisible();
    await expect(panel.getByTestId("post-card").first()).toBeVisible();
    expect(await panel.getByTestId("post-card").count()).toBeLessThanOrEqual(3);
    await expect(panel.getByRole("link", { name: "この店舗の投稿をすべて見る" })).toHaveAttribute(
      "href",
      /^\/listener\/liver\/[^/]+\/sns$/,
    );

    expect(tileRequests(requests).length).toBeGreaterThan(0);
    expect(toOpenStreetMap(requests)).toEqual([]);
  });

  test("a source tab asks for that source only; a list button zooms the map", async ({ page }) => {
    await page.goto("/search/sns");
    await expect(page.getByTestId("sns-map")).toHaveAttribute("data-map-state", "ready");
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/api/posts/map?") && r.url().includes("source=instagram"),
      ),
      page.getByRole("link", { name: "Instagram", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Instagram", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const zoom = page.getByTestId("sns-map-list").getByRole("button", { name: "このあたりを拡大" }).first();
    if ((await zoom.count()) > 0) {
      await Promise.all([
        page.waitForResponse(
          (r) => r.url().includes("/api/posts/map?") && /zoom=(?:[6-9]|1\d)/.test(r.url()),
        ),
        zoom.click(),
      ]);
    }
  });
});
