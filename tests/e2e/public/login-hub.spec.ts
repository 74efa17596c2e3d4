import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";

/** axe-core: no serious or critical violation (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

// `/login` (docs/product.md): a public page that needs no redirect and leads to every login and registration.
test.describe("/login", () => {
  test("answers 200 signed out and links the three logins and the registrations", async ({ page }) => {
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "ログイン・新規登録" })).toBeVisible();

    const expected: [string, string, string][] = [
      ["login-listener", "ユーザーログイン", "/listener/login"],
      ["login-listener", "ユーザー新規登録（無料）", "/listener/registration"],
      ["login-liver", "店舗ログイン", "/liver/login"],
      ["login-liver", "店舗の新規登録", "/liver/registration"],
      ["login-staff", "キャストログイン", "/staff/login"],
    ];
    for (const [section, name, href] of expected) {
      await expect(page.getByTestId(section).getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(page.getByTestId("login-staff")).toContainText("所属店舗から発行されます");
    expect(await seriousViolations(page)).toEqual([]);
    // The operator's login is not advertised to the public.
    await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);

    await page.getByRole("link", { name: "店舗ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/liver\/login$/);
    await expect(page.getByRole("heading", { name: "店舗ログイン" })).toBeVisible();
  });

  test("the operator's login page is accessible too", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "運営ログイン" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the header's login menu leads to it", async ({ page }) => {
    await page.goto("/");
    await page.locator("header summary", { hasText: "ログイン" }).click();
    await page.getByRole("link", { name: "ログイン・新規登録の一覧" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("login-listener")).toBeVisible();
  });
});
