import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";

// Saved payment methods and gifts in chat (ADR 0032, ADR 0038) on the suite's server with the
// demo data and the test payment provider: the demo listener buys coins saving the test card, sees
// it on /listener/mypage/payment and deletes it after confirming; then buys roses and gives two in
// her chat room with the demo cast, who sees the gift arrive live in the conversation.
const PASSWORD = "demo-pass-2026";

async function signIn(page: Page, role: "listener" | "staff") {
  await page.goto(`/${role}/login`);
  if (role === "staff") await page.getByLabel("ログインID").fill("demo-cast");
  else await page.getByLabel("メールアドレス").fill("listener@demo.example");
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/mypage$`), { timeout: 20_000 });
}

async function castPage(browser: Browser): Promise<{ page: Page; uid: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "staff");
  const me = (await (await page.request.get("/api/me")).json()) as { account: { uid: string } };
  return { page, uid: me.account.uid };
}

test("a saved test card is listed and deleted; a gift in chat reaches the cast live", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "listener");

  // Coins with the test card saved at the (test) provider.
  await page.goto("/listener/coin");
  await page.getByRole("link", { name: "保存済みのお支払い方法を確認・削除する" }).click();
  await expect(page).toHaveURL(/\/listener\/mypage\/payment$/);
  await expect(page.getByText("保存済みのカードはありません")).toBeVisible();
  await page.goto("/listener/coin");
  await page.getByRole("link", { name: /^500コイン/ }).click();
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(/\/listener\/coin\/test-checkout\/cs_test_local_/);
  await page.getByLabel("JCB •••• 0000", { exact: true }).check();
  await page.getByLabel("このカードを保存する").check();
  await page.getByRole("button", { name: "カードで支払う（テスト）" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("コインを付与しました");

  // The next checkout offers the saved card.
  await page.getByRole("link", { name: /^500コイン/ }).click();
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page.getByLabel(/保存済み：JCB •••• 0000/)).toBeChecked();
  await page.getByRole("button", { name: "カードで支払う（テスト）" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("コインを付与しました");

  // The saved card, then deleting it after the confirmation step.
  await page.goto("/listener/mypage/payment");
  const card = page.getByTestId("payment-method");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("JCB •••• 0000");
  await expect(card).toContainText(/有効期限 12\/\d\d/);
  await card.getByRole("link", { name: "JCB 末尾0000を削除" }).click();
  await expect(page.getByTestId("payment-method-confirm")).toContainText("削除しますか");
  await page.getByRole("button", { name: "削除する" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("カードを削除しました");
  await expect(page.getByText("保存済みのカードはありません")).toBeVisible();

  // Without JavaScript the page is complete as served (no streamed part waiting for a script).
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plainPage = await plain.newPage();
  await plainPage.goto("/listener/mypage/payment");
  await expect(plainPage.getByText("保存済みのカードはありません")).toBeVisible();
  await plain.close();

  // Two roses, then a room with the demo cast, who keeps it open.
  await page.goto("/listener/mypage/purchase");
  const rose = page.getByTestId("item-catalogue").locator("li").filter({ hasText: "バラ" });
  await rose.getByLabel("個数").fill("2");
  await rose.getByRole("button", { name: "バラを購入" }).click();
  await expect(page.getByTestId("flash-message")).toContainText("2個購入しました");
  const cast = await castPage(browser);
  const opened = await page.request.post("/api/rooms", { data: { staff_id: cast.uid } });
  expect([200, 201]).toContain(opened.status());
  const roomId = ((await opened.json()) as { id: string }).id;
  await cast.page.goto(`/staff/mypage/message/${roomId}`);
  await expect(cast.page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await expect(cast.page.getByTestId("chat-gift")).toHaveCount(0);
  await expect(cast.page.getByTestId("gift-open")).toHaveCount(0);

  await page.goto(`/listener/mypage/message/${roomId}`);
  await expect(page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  const gifts = await page.getByTestId("message-gift").count();
  // With JavaScript the room offers the live's gift sheet (the form is the fallback without it).
  await page.getByTestId("gift-open").click();
  const sheet = page.getByTestId("gift-sheet");
  await sheet.getByTestId("gift-item-rose").click();
  await sheet.getByTestId("gift-quantity").fill("2");
  await sheet.getByTestId("gift-send").click();
  await expect(sheet.getByTestId("gift-message")).toContainText("バラ ×2 を贈りました");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("message-gift")).toHaveCount(gifts + 1);
  await expect(page.getByTestId("message-gift").last()).toContainText("バラ ×2");
  // The cast sees it arrive without reloading.
  await expect(cast.page.getByTestId("message-gift").last()).toContainText("バラ ×2");
  await expect(cast.page.getByTestId("message").last()).toContainText("「バラ」×2を贈りました");
  await cast.page.context().close();
});
