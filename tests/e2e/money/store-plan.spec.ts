import { expect, test } from "../fixtures";

// Store plans end to end (ADR 0032, ADR 0037) with the test payment provider: the demo store
// opens プラン・お支払い, subscribes on the テスト決済 page (through the signed webhook path) and
// sees the plan active, its card and the paid invoice; then walks the failure path by hand with the
// test controls: a declining card, a renewal now (arrears shown), the card changed and the invoice paid.
// Paying with the declining card is refused with 400 and a message (the form's answer), which Chromium logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("the demo store subscribes to its plan with the test provider, sees the invoice and recovers a declined renewal", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/liver/login");
  await page.getByLabel("メールアドレス").fill("store@demo.example");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/liver\/mypage$/, { timeout: 20_000 });

  await page.goto("/liver/mypage/payment");
  await expect(page.getByRole("heading", { name: "プラン・お支払い" })).toBeVisible();
  await expect(page.getByTestId("billing-invoices")).toContainText("請求書はまだありません");
  await page.getByRole("link", { name: "申し込み内容を確認する" }).click();
  // The final confirmation (ADR 0052; every term in final-confirmation.spec.ts), then the provider.
  await expect(page.getByTestId("confirm-renewal")).toContainText("1か月ごと");
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/payment\/test-checkout\/cs_test_bill_/);
  await expect(page.getByTestId("test-payment-banner")).toContainText("テスト決済");
  await page.getByRole("button", { name: "テストカード 4242 で登録して支払う" }).click();

  await expect(page).toHaveURL(/\/liver\/mypage\/payment\?checkout=done/);
  await expect(page.getByTestId("billing-plan")).toContainText("ご契約中");
  await expect(page.getByTestId("billing-card")).toHaveText("VISA •••• 4242");
  await expect(page.getByTestId("billing-next")).toContainText("年");
  await expect(page.getByTestId("billing-invoice")).toHaveCount(1);
  await expect(page.getByTestId("billing-invoice").first()).toContainText("お支払い済み");

  // The failure path by hand: card 0341 declines the renewal run now.
  await page.getByRole("button", { name: "カードを 0341（更新時に失敗）に切り替える" }).click();
  await expect(page.getByTestId("billing-card")).toHaveText("VISA •••• 0341");
  await page.getByRole("button", { name: "次回の更新を今すぐ実行する" }).click();
  await expect(page.getByTestId("billing-arrears")).toContainText("お支払いができませんでした");
  await expect(page.getByTestId("billing-invoice")).toHaveCount(2);
  await expect(page.getByTestId("billing-invoice").first()).toContainText("決済失敗");

  // Paying with the declining card is refused next to the controls; with 4242 it is paid.
  await page.getByRole("button", { name: "未払いの請求を支払う" }).click();
  await expect(page.getByTestId("billing-error")).toContainText("0341");
  await page.getByRole("button", { name: "カードを 4242（成功）に切り替える" }).click();
  await page.getByRole("button", { name: "未払いの請求を支払う" }).click();
  await expect(page.getByTestId("billing-arrears")).toHaveCount(0);
  await expect(page.getByTestId("billing-plan")).toContainText("ご契約中");
  await expect(page.getByTestId("billing-invoice").filter({ hasText: "お支払い済み" })).toHaveCount(2);
});
