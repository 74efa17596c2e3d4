import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";

// The rough edges a new user meets first (docs/product.md "First steps"), on a 390 × 844 phone:
// the header and its login menu, the store registration's postal code presetting the area, the
// complete step showing the address with a resend, a new store's dashboard leading with its setup,
// the top page's invitation and the purchase history as cards.

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = "rough-pass-2026";
const stamp = Date.now();

/** Neither the page nor the header's bar nor the account pill scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => {
    const pick = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? [element.scrollWidth, element.clientWidth] : null;
    };
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      bar: pick("header > div"),
      pill: pick('[data-testid="header-mypage"]'),
    };
  });
  for (const [what, pair] of Object.entries(widths)) {
    if (!pair) continue;
    expect(pair[0], `${what} scrollWidth ≤ clientWidth`).toBeLessThanOrEqual(pair[1]!);
  }
}

/** axe-core: no serious or critical violation (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

async function signIn(page: Page, role: "listener" | "liver", email: string, password: string) {
  await page.goto(`/${role}/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/mypage$`));
}

test("signed out: the invitation to sign up, and login menu links of at least 44 × 44 px", async ({
  page,
}) => {
  await page.goto("/");
  const invitation = page.getByTestId("signup-invitation");
  await expect(invitation.getByRole("link", { name: "無料会員登録" })).toHaveAttribute(
    "href",
    "/listener/registration",
  );
  await expectNoOverflow(page);

  await page.getByRole("banner").getByText("ログイン", { exact: true }).click();
  const links = page.getByTestId("login-menu").getByRole("link");
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    const name = (await link.textContent()) ?? "";
    expect(box.width, name).toBeGreaterThanOrEqual(44);
    expect(box.height, name).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test("a new store: the postal code presets the area, the complete step resends to the address shown, the dashboard leads with the setup", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `rough-store-${stamp}@example.com`;
  await page.goto("/liver/registration");
  await page.getByLabel("郵便番号").fill("1600021");
  await expect(page.locator("#field-address")).toHaveValue("東京都新宿区歌舞伎町");
  await expect(page.getByLabel("地方")).toHaveValue("kanto");
  await expect(page.getByLabel("都道府県")).toHaveValue("tokyo");
  await expect(page.locator("#field-area")).toHaveValue("kabukicho");
  await expectNoOverflow(page);

  await page.locator("#field-store_name").fill("Bar ラフエッジ");
  await page.getByLabel("店舗名（フリガナ）").fill("バーラフエッジ");
  await page.getByLabel("法人", { exact: true }).check();
  await page.getByLabel("電話番号").fill("0312345678");
  await page.locator("#field-address").fill("東京都新宿区歌舞伎町1-2-3");
  await page.getByLabel("開始").selectOption("20:00");
  await page.getByLabel("終了").selectOption("LAST");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel(/^ライト/).check();
  await page.getByLabel(/利用規約（店舗向け）に同意する/).check();
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await expect(page.getByText("東京都 歌舞伎町", { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "この内容で登録する" }).click();

  await expect(page).toHaveURL(/\/liver\/registration\/complete$/);
  await expect(page.getByTestId("registration-email")).toHaveText(email);
  await waitForMail(email, /メールアドレスの確認/);
  await page.getByRole("button", { name: "確認メールを再送信" }).click();
  await expect(page.getByText("確認メールを再送信しました")).toBeVisible();
  const resent = await waitForMail(email, /メールアドレスの確認/, 1);
  await expectNoOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(linkTo(resent, "/liver/login"));
  await expect(page).toHaveURL(/\/liver\/login\?verified=1$/);
  await signIn(page, "liver", email, PASSWORD);
  const setup = page.getByTestId("setup-checklist");
  await expect(setup).toBeVisible();
  const setupTop = (await setup.boundingBox())!.y;
  for (const after of [page.getByTestId("broadcaster-panel"), page.getByTestId("dashboard-stats")]) {
    if ((await after.count()) === 0) continue;
    expect(setupTop).toBeLessThan((await after.boundingBox())!.y);
  }
});

test("a listener with a long nickname: the header fits at 390 and 320 px, and the invitation is gone", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `rough-listener-${stamp}@example.com`;
  await page.goto("/listener/registration");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill("ながいながいニックネームのテストユーザー");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  await expect(page.getByTestId("registration-email")).toHaveText(email);

  await page.goto(linkTo(await waitForMail(email, /メールアドレスの確認/), "/listener/login"));
  await signIn(page, "listener", email, PASSWORD);
  await page.goto("/");
  await expect(page.getByTestId("header-mypage")).toContainText("ながいながいニックネーム");
  await expect(page.getByTestId("signup-invitation")).toHaveCount(0);
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 320, height: 844 });
  await expectNoOverflow(page);
});

test("the demo listener: the header fits at 320 px; the purchase history is cards", async ({ page }) => {
  await signIn(page, "listener", "listener@demo.example", "demo-pass-2026");
  await page.goto("/listener/mypage/history");
  const cards = page.getByTestId("history-card");
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId("history-table")).toBeHidden();
  await expect(cards.filter({ hasText: "コイン購入" }).first()).toContainText("¥");
  await expectNoOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  // The demo listener's unread answers (README) may have been read by another spec by now: the
  // header is measured with whatever it shows.
  await page.setViewportSize({ width: 320, height: 844 });
  await expectNoOverflow(page);
});
