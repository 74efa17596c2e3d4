import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { seriousViolations } from "../support/operator-console";
import { expectNoOverflow } from "../support/phone-layout";

// The rough edges a new user meets first (docs/product.md "First steps"), on a 390 × 844 phone:
// the header and its login menu, the top page's invitation and the purchase history as cards.
// A new store's first steps (the postal code presetting the area, the complete step's resend, the
// dashboard leading with its setup) are walked in liver-registration.spec.ts, a listener's long
// nickname in the header in settings.spec.ts: each registers its account once.

test.use({ viewport: { width: 390, height: 844 } });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/listener/login");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/listener\/mypage$/);
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

test("the demo listener: the header fits at 320 px; the purchase history is cards", async ({ page }) => {
  await signIn(page, "listener@demo.example", "demo-pass-2026");
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
