import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

const DEMO_STORE = { email: "store@demo.example", password: "demo-pass-2026" };
const TITLE = `E2E初回クーポン ${Date.now().toString(36)}`;

test.use({
  viewport: { width: 390, height: 844 },
  // The refused form answers 400 and the ended coupon's screen 410 (ADR 0058); the browser logs both.
  allowedConsoleErrors: [/the server responded with a status of 4(00|10)/],
});

/** axe-core: no serious or critical violation (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a store's coupon: created in the back office, on the store page and /coupons, shown at the door, ended", async ({
  page,
}) => {
  await page.goto("/liver/login");
  await page.getByLabel("メールアドレス").fill(DEMO_STORE.email);
  await page.locator('input[name="password"]').fill(DEMO_STORE.password);
  await Promise.all([
    page.waitForURL(/\/liver\/mypage$/),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);

  await page.goto("/liver/mypage/coupons");
  await expect(page.getByRole("heading", { name: "クーポン", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "クーポンを作成" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/coupons\/new$/);

  // Without a title the server answers 400 with the message next to the field; the rest stays.
  await page.getByLabel("割引内容").fill("60分セット 1,000円OFF");
  const [refused] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes("/liver/mypage/coupons/new") && r.request().method() === "POST",
    ),
    page.getByRole("button", { name: "クーポンを作成する" }).click(),
  ]);
  expect(refused.status()).toBe(400);
  await expect(page.getByLabel("タイトル")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("割引内容")).toHaveValue("60分セット 1,000円OFF");

  await page.getByLabel("タイトル").fill(TITLE);
  await page.getByLabel("利用条件").fill("ご来店時にこの画面をお見せください。");
  await page.getByLabel("初回来店のお客様限定にする").check();
  await expect(page.getByLabel("終了日時（日本時間）")).not.toHaveValue("");
  expect(await seriousViolations(page)).toEqual([]);
  await Promise.all([
    page.waitForURL(/\/liver\/mypage\/coupons\?done=created$/),
    page.getByRole("button", { name: "クーポンを作成する" }).click(),
  ]);
  await expect(page.getByTestId("flash-message")).toHaveText("クーポンを作成しました");
  const row = page.getByTestId("coupon-row").filter({ hasText: TITLE });
  await expect(row).toContainText("配布中");
  const code = ((await row.getByTestId("coupon-row-code").textContent()) ?? "").replace(/\s/g, "");
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await noHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);

  // /coupons lists it (newest start first) with its store.
  await page.goto("/coupons");
  const card = page.getByTestId("coupon-card").filter({ hasText: TITLE });
  await expect(card).toContainText("60分セット 1,000円OFF");
  await expect(card).toContainText("初回限定");
  await expect(card).toContainText(/有効期限 \d+月\d+日\([日月火水木金土]\) 23:59まで/);
  await noHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The door screen shows the code in large letters.
  await card.getByRole("link", { name: `クーポンを表示（${TITLE}）` }).click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByTestId("coupon-code")).toHaveText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(page.getByTestId("coupon-door")).toContainText("初回限定");
  await noHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  const doorUrl = page.url();

  // The store page lists it under its header.
  await page.getByRole("link", { name: "お店のページへ" }).click();
  await expect(page).toHaveURL(/\/listener\/liver\//);
  await expect(
    page.getByTestId("store-coupons").getByTestId("coupon-card").filter({ hasText: TITLE }),
  ).toBeVisible();

  // The store ends it, confirming in the dialog; the door screen then says so.
  await page.goto("/liver/mypage/coupons");
  await page
    .getByTestId("coupon-row")
    .filter({ hasText: TITLE })
    .getByRole("link", { name: `編集・終了（${TITLE}）` })
    .click();
  await page.getByRole("button", { name: "配布を終了する" }).click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toBeVisible();
  await Promise.all([
    page.waitForURL(/\/liver\/mypage\/coupons\?done=ended$/),
    dialog.getByRole("button", { name: "終了する" }).click(),
  ]);
  await expect(page.getByTestId("coupon-row").filter({ hasText: TITLE })).toContainText("終了");
  const gone = await page.goto(doorUrl);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "このクーポンは終了しました" })).toBeVisible();
});
