import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";

/** axe-core on the pages of the directory: no serious or critical violation (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
}

test.describe("accessibility (axe-core)", () => {
  test("the top page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "本日出勤のキャスト" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the staff search with the filters open", async ({ page }) => {
    await page.goto("/search/staff?prefecture=tokyo&sort=popular");
    await page.getByText("絞り込み条件").click();
    await expect(page.getByRole("button", { name: "この条件で検索" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a staff page", async ({ page, request }) => {
    const top = await (await request.get("/api/staffs/top")).json();
    await page.goto(`/listener/staff/${top.items[0].uid}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a store page", async ({ page, request }) => {
    const stores = await (await request.get("/api/livers?pageSize=1")).json();
    await page.goto(`/listener/liver/${stores.items[0].uid}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
