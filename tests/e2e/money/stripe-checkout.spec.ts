import type { Page } from "@playwright/test";
import { type FakeStripe, startFakeStripe } from "../../../scripts/fakes/stripe";
import { expect, test } from "../fixtures";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

// Coins through Stripe (ADR 0032) on a private server with PAYMENT_PROVIDER=stripe:
// the official client opens a Checkout Session at the project's fake Stripe, the browser goes to
// its checkout page (allowed by the CSP's form-action) and pays by card; the fake's signed webhook
// credits the coins. A konbini voucher is credited only once the fake says it was paid.
const PORT = 3620;
const FAKE_PORT = 3630;
let server: SpawnedServer;
let fake: FakeStripe;

// The fake's checkout page has no favicon.
test.use({ allowedConsoleErrors: [/status of 404/] });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeStripe({
    port: FAKE_PORT,
    webhookUrl: `http://127.0.0.1:${PORT}/api/payments/webhook`,
  });
  server = await spawnServer(PORT, { SEED_DEMO: "true", BASE_URL: `http://127.0.0.1:${PORT}`, ...fake.env });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

async function signIn(page: Page) {
  await page.goto(`${server.baseUrl}/listener/login`);
  await page.getByLabel("メールアドレス").fill("listener@demo.example");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/listener\/mypage$/, { timeout: 20_000 });
}

const total = async (page: Page) =>
  Number(((await page.getByTestId("coin-total").textContent()) ?? "").replace(/,/g, ""));

test("card at Stripe Checkout credits the coins; konbini only once paid", async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.baseUrl}/listener/coin`);
  const before = await total(page);
  await expect(page.getByText("テスト決済")).toHaveCount(0);
  await page.getByRole("link", { name: /^1,000コイン/ }).click();
  // The final confirmation (ADR 0052) says where the button leads: the provider's page, not a test.
  await expect(page.getByTestId("confirmation-form")).toContainText("決済代行会社のお支払いページ");
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/c/pay/cs_test_`));
  await page.getByRole("button", { name: "カードで支払う" }).click();
  await expect(page).toHaveURL(/\/listener\/coin\?order=/);
  await expect(page.getByTestId("order-status")).toHaveText("コインを付与しました");
  expect(await total(page)).toBe(before + 1020);

  // Konbini: the voucher is issued (completed, unpaid), then paid at the store days later.
  await page.goto(`${server.baseUrl}/listener/coin`);
  await page.getByRole("link", { name: /^500コイン/ }).click();
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/c/pay/`));
  const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;
  fake.pay(sessionId, "konbini");
  expect((await fake.deliver(fake.event("checkout.session.completed", sessionId))).status).toBe(200);
  const orderId = fake.sessions.get(sessionId)!.metadata.order_id;
  await page.goto(`${server.baseUrl}/listener/coin?order=${orderId}`);
  await expect(page.getByTestId("order-status")).toContainText("コンビニでのお支払い待ち");
  expect(await total(page)).toBe(before + 1020);
  fake.settleKonbini(sessionId, "succeeded");
  expect((await fake.deliver(fake.event("checkout.session.async_payment_succeeded", sessionId))).status).toBe(
    200,
  );
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("コインを付与しました");
  expect(await total(page)).toBe(before + 1520);
});
