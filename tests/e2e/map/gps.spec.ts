import { GEO_MESSAGES } from "~/domain/geo";
import { STORE_TYPES } from "~/domain/options";
import { expect, test } from "../fixtures";
import { KABUKICHO, metresOf, recordRequests, tileRequests, toOpenStreetMap } from "./map-support";

test.describe("/gps with the position granted", () => {
  test.use({ geolocation: KABUKICHO, permissions: ["geolocation"] });

  test("lists the nearby stores nearest first with their distance, on a map with markers and tiles", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    const response = await page.goto("/gps");
    await page.waitForURL(/\/gps\?lat=35\.695\d*&lng=139\.703\d*/);
    const results = page.getByTestId("nearby-results");
    await expect(results).toBeVisible();
    const distances = (await results.getByTestId("store-distance").allTextContents()).map(metresOf);
    expect(distances.length).toBeGreaterThan(1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.at(-1)!).toBeLessThanOrEqual(3_000);

    const map = page.getByTestId("gps-map");
    await expect(map).toHaveAttribute("data-map-state", "ready");
    const stores = map.locator('[data-marker-kind="store"]');
    await expect(stores.first()).toBeVisible();
    expect(await stores.count()).toBe(await results.locator("article").count());
    await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    await expect(map.getByText("E2E tiles")).toBeVisible();

    // A marker is a named button the keyboard reaches; Enter shows that store under the map.
    const first = stores.first();
    await expect(first).toHaveAttribute("aria-label", /^1\. .+（\d/);
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("selected-store")).toContainText("店舗ページを見る");
    // The marker stays the focused element (highlighted in place, not drawn anew).
    await expect(first).toBeFocused();
    await expect(first).toHaveClass(/is-active/);

    // Another radius keeps the position.
    await page.getByRole("link", { name: "1km", exact: true }).click();
    await page.waitForURL(/radius=1000/);
    for (const distance of (await results.getByTestId("store-distance").allTextContents()).map(metresOf))
      expect(distance).toBeLessThanOrEqual(1_000);

    expect(tileRequests(requests).length).toBeGreaterThan(0);
    expect(toOpenStreetMap(requests)).toEqual([]);
    // The tiles' origin (MAP_TILE_URL) is what the CSP allows for pictures.
    const imgSrc = /img-src ([^;]*)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
    expect(imgSrc.split(" ")).toContain(new URL(tileRequests(requests)[0]!).origin);
  });
});

test.describe("/gps with the position refused", () => {
  test.use({ permissions: [] });

  test("says so and offers the area picker", async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto("/gps");
    await expect(page.getByRole("alert")).toContainText("位置情報が許可されていません");
    await expect(page.getByRole("heading", { name: "エリアから探す" })).toBeVisible();
    await page.getByLabel("地方").selectOption("kanto");
    await page.getByLabel("都道府県").selectOption("tokyo");
    await page.getByRole("button", { name: "この条件で探す" }).click();
    await page.waitForURL(/\/search\/liver\?.*prefecture=tokyo/);
    expect(toOpenStreetMap(requests)).toEqual([]);
  });
});

test.describe("/gps without JavaScript", () => {
  // The refused position answers 400; the browser logs that status.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400/] });

  test("?lat=&lng= lists the stores; a position out of range is the message with 400", async ({ page }) => {
    const response = await page.goto(`/gps?lat=${KABUKICHO.latitude}&lng=${KABUKICHO.longitude}&radius=5000`);
    expect(response?.status()).toBe(200);
    const results = page.getByTestId("nearby-results");
    const distances = (await results.getByTestId("store-distance").allTextContents()).map(metresOf);
    expect(distances.length).toBeGreaterThan(1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(page.getByRole("link", { name: "5km" })).toHaveAttribute("aria-current", "page");

    // A store type narrows the list and keeps the radius (plain links, no JavaScript needed).
    const cards = results.locator("article");
    const all = await cards.count();
    const firstType = await cards.first().getAttribute("data-store-type");
    const type = STORE_TYPES.find((t) => t.value === firstType)!;
    await page
      .getByRole("navigation", { name: "業種" })
      .getByRole("link", { name: type.label, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`store_type=${type.value}`));
    await expect(page.getByRole("link", { name: "5km" })).toHaveAttribute("aria-current", "page");
    const narrowed = await cards.count();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThanOrEqual(all);
    for (const card of await cards.all()) await expect(card).toHaveAttribute("data-store-type", type.value);
    await page.getByRole("link", { name: "すべての業種" }).click();
    await expect(cards).toHaveCount(all);

    const bad = await page.goto("/gps?lat=999&lng=1");
    expect(bad?.status()).toBe(400);
    await expect(page.getByText(GEO_MESSAGES.lat)).toBeVisible();
    await expect(page.getByRole("heading", { name: "エリアから探す" })).toBeVisible();
  });
});
