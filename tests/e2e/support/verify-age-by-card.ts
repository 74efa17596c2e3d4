import { expect, type Page } from "@playwright/test";

/**
 * A newly registered listener verifies her age as a user can without an operator (ADR 0055): she
 * buys the smallest coin pack with the test provider's card, through the final confirmation (ADR
 * 0052). `base` is the server's origin ("" for the suite's own server).
 */
export async function verifyAgeByCard(page: Page, base = ""): Promise<void> {
  await page.goto(`${base}/listener/coin`);
  await page.getByRole("link", { name: /^500コイン/ }).click();
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(/\/listener\/coin\/test-checkout\/cs_test_local_/);
  await page.getByRole("button", { name: "カードで支払う（テスト）" }).click();
  await expect(page).toHaveURL(/\/listener\/coin\?order=/);
  await expect(page.getByTestId("order-status")).toHaveText("コインを付与しました");
  await page.goto(`${base}/listener/mypage/age-verification`);
  await expect(page.getByTestId("age-verification-state")).toContainText(
    "クレジットカードでのお支払いで確認しました",
  );
}
