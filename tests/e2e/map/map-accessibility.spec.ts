import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { KABUKICHO } from "./map-support";

/** axe-core on the map pages once their map is drawn: no serious or critical violation. */
async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.html}`),
    }));
}

test.describe("accessibility of the map pages (axe-core)", () => {
  test("/gps with a position", async ({ page }) => {
    await page.goto(`/gps?lat=${KABUKICHO.latitude}&lng=${KABUKICHO.longitude}`);
    await expect(page.getByTestId("gps-map")).toHaveAttribute("data-map-state", "ready");
    await expect(page.getByTestId("gps-map").locator('[data-marker-kind="store"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("/search/sns", async ({ page }) => {
    await page.goto("/search/sns");
    await expect(page.getByTestId("sns-map")).toHaveAttribute("data-map-state", "ready");
    await expect(page.getByTestId("sns-map").locator(".leaflet-marker-icon").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
