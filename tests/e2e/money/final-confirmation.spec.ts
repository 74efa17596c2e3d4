import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { saveShot } from "../support/shots";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

// The final confirmation (ADR 0052) on a private server with the demo data and the test provider
// (private: the demo store subscribes here, as it does in store-plan.spec.ts on the shared
// server). The listener sees every term of a coin pack on one screen before the テスト決済 page,
// which only 「確定して支払いへ進む」 opens; the same without JavaScript, the way back kept; a post
// without the screen's key starts nothing. Then the store's plan, the same way.
const PORT = 3622;
let server: SpawnedServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await spawnServer(PORT, { SEED_DEMO: "true", BASE_URL: `http://127.0.0.1:${PORT}` });
});
test.afterAll(async () => {
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };

async function signIn(page: Page, role: "listener" | "liver") {
  await page.goto(`${server.baseUrl}/${role}/login`);
  await page
    .getByLabel("メールアドレス")
    .fill(role === "listener" ? "listener@demo.example" : "store@demo.example");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/mypage$`), { timeout: 20_000 });
}

const shot = (page: Page, name: string) =>
  saveShot(page, `final-confirmation-${name}.png`, { fullPage: true });

/** axe-core: no serious or critical violation (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

// What ADR 0052 asks the coin screen to say (the demo's ¥1,000 pack: 1,000 coins + 20 bonus).
const COIN_TERMS: Record<string, string[]> = {
  product: ["1,000コイン（＋ボーナス 20コイン）", "合計 1,020コイン"],
  quantity: ["1パック"],
  price: ["お支払い金額（税込）", "¥1,000"],
  payment_method: ["クレジットカード・コンビニ払い"],
  payment_timing: ["お手続きの完了時に決済します", "3日以内に店頭でお支払いください"],
  delivery: ["お支払いの確認後すぐ", "店頭でのお支払いが確認された後に付与されます"],
  expiry: ["お支払いから180日間", "ボーナスコインに有効期限はありません"],
  cancellation: ["法令で定める場合を除き払い戻し（返金）できません"],
};

const PLAN_TERMS: Record<string, string[]> = {
  product: ["スタンダード", "15名まで"],
  quantity: ["1か月ごとの自動更新"],
  price: ["月額料金（税込）", "¥29,800"],
  payment_method: ["クレジットカード"],
  payment_timing: ["お申し込みの完了時に¥29,800"],
  delivery: ["すぐにプランが適用されます"],
  renewal: ["1か月ごとに¥29,800（税込）", "次回の更新日："],
  cancellation: ["「次回更新日で解約する」", "日割りの返金はありません"],
  failed_payment: ["7日間の猶予ののち掲載を停止"],
  plan_change: ["次回の更新日から"],
};

async function expectTerms(page: Page, terms: Record<string, string[]>) {
  for (const [key, texts] of Object.entries(terms))
    for (const text of texts) await expect(page.getByTestId(`confirm-${key}`)).toContainText(text);
}

test("a coin pack is bought only from its confirmation, which shows every term", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signIn(page, "listener");

  await page.goto(`${server.baseUrl}/listener/coin`);
  await shot(page, "coin-packs-390");
  await page.getByRole("link", { name: /^1,000コイン/ }).click();
  await expect(page).toHaveURL(/\/listener\/coin\/confirm\?pack=coins-1000$/);
  await expect(page.getByRole("heading", { level: 1, name: "ご購入内容の確認" })).toBeVisible();
  await expect(page.getByRole("list", { name: "購入の手順" })).toContainText("2. 内容の確認");
  await expect(page.getByTestId("confirmation-price")).toHaveText("¥1,000");
  await expectTerms(page, COIN_TERMS);
  const coinScreen = page.getByTestId("coin-confirmation");
  await expect(coinScreen.getByRole("link", { name: "特定商取引法に基づく表記" })).toHaveAttribute(
    "href",
    "/specified-commercial",
  );
  await expect(coinScreen.getByRole("link", { name: "利用規約" })).toHaveAttribute("href", "/terms");
  await expect(page.getByTestId("confirmation-form")).toContainText("テスト決済");
  // One button leads on: the terms themselves hold none.
  await expect(coinScreen.getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("confirmation-form").getByRole("button")).toHaveText([
    "確定して支払いへ進む",
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId("confirmation-total")).toContainText("お支払い金額（税込）¥1,000");
  await shot(page, "coin-confirmation-390");
  // The legal page it links to describes this screen.
  await coinScreen.getByRole("link", { name: "特定商取引法に基づく表記" }).click();
  await expect(page.getByTestId("legal-final-confirmation")).toContainText("「確定して支払いへ進む」");
  await page.goBack();
  await expect(page).toHaveURL(/\/listener\/coin\/confirm\?pack=coins-1000$/);

  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(/\/listener\/coin\/test-checkout\/cs_test_local_/);
  await expect(page.getByTestId("test-payment-banner")).toContainText("テスト決済");
  await page.getByRole("button", { name: "カードで支払う（テスト）" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("コインを付与しました");

  // A post without the screen's key (a form of another page, a script) starts nothing: it is
  // answered with the confirmation.
  const direct = await page.request.post(`${server.baseUrl}/listener/coin/confirm?pack=coins-1000`, {
    form: { intent: "checkout", pack_id: "coins-1000" },
    maxRedirects: 0,
  });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe("/listener/coin/confirm?pack=coins-1000");

  // Without JavaScript: plain links and forms, and the way back (ADR 0043) through every step.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(`${server.baseUrl}/listener/coin?return=${encodeURIComponent("/listener/mypage")}`);
  await noScript.getByRole("link", { name: /^500コイン/ }).click();
  await expect(noScript).toHaveURL(/\/listener\/coin\/confirm\?pack=coins-500&return=%2Flistener%2Fmypage$/);
  await expect(noScript.getByTestId("confirm-cancellation")).toContainText("払い戻し（返金）できません");
  await expect(noScript.getByRole("link", { name: "パックを選び直す" }).first()).toHaveAttribute(
    "href",
    "/listener/coin?return=%2Flistener%2Fmypage",
  );
  await noScript.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(noScript).toHaveURL(/\/listener\/coin\/test-checkout\/cs_test_local_[^?]*\?return=/);
  await noScript.getByRole("button", { name: "カードで支払う（テスト）" }).click();
  await expect(noScript.getByTestId("order-status")).toHaveText("コインを付与しました");
  await expect(noScript.getByRole("link", { name: "元のページに戻る" }).first()).toHaveAttribute(
    "href",
    "/listener/mypage",
  );
  await plain.close();
});

test("the store's plan is subscribed only from its confirmation, which shows renewal and cancellation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signIn(page, "liver");

  await page.goto(`${server.baseUrl}/liver/mypage/payment`);
  await shot(page, "plan-payment-390");
  await page.getByRole("link", { name: "申し込み内容を確認する" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/payment\/confirm$/);
  await expect(page.getByRole("heading", { level: 1, name: "お申し込み内容の確認" })).toBeVisible();
  await expect(page.getByTestId("confirmation-price")).toHaveText("¥29,800");
  await expectTerms(page, PLAN_TERMS);
  const planScreen = page.getByTestId("plan-confirmation");
  await expect(planScreen.getByRole("link", { name: "特定商取引法に基づく表記" })).toHaveAttribute(
    "href",
    "/specified-commercial",
  );
  await expect(planScreen.getByRole("link", { name: "店舗利用規約" })).toHaveAttribute(
    "href",
    "/terms-store",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId("confirmation-total")).toContainText("以後1か月ごとに¥29,800");
  await shot(page, "plan-confirmation-390");

  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/payment\/test-checkout\/cs_test_bill_/);
  await expect(page.getByTestId("test-payment-banner")).toContainText("テスト決済");
  await page.getByRole("button", { name: "テストカード 4242 で登録して支払う" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/payment\?checkout=done/);
  await expect(page.getByTestId("billing-plan")).toContainText("ご契約中");

  // Subscribed: the confirmation has nothing left to confirm and leads back.
  await page.goto(`${server.baseUrl}/liver/mypage/payment/confirm`);
  await expect(page).toHaveURL(/\/liver\/mypage\/payment$/);
});
