import type { BrowserContext } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/.server/seed/seed-database";
import type { TestSmtpServer } from "../../support/smtp";
import { expect, test } from "../fixtures";
import { enrolAndSignIn, seriousViolations, startConsoleServer } from "../support/operator-console";
import type { SpawnedServer } from "../support/spawn-server";

// The operator's safeguards (ADR 0053) end to end, on a server of its own with the demo data:
// suspending a store asks first — with JavaScript in a modal dialog (focus on キャンセル, Escape
// closes it and gives the focus back, nothing happens), without it with a box the server requires
// — and the suspended store reads why on its dashboard; the suspensions page lists it.

const PORT = 3722;
const EMAIL = "ops-safeguards@example.com";
const PASSWORD = "operator-e2e-pass-2026";
const REASON = "料金表示が店内の料金と異なっています。\n修正後にご連絡ください。";

test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

test.describe("operator console: safeguards", () => {
  let smtp: TestSmtpServer;
  let server: SpawnedServer;
  // The operator's session of the first test, reused without JavaScript by the second.
  let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    ({ server, smtp } = await startConsoleServer({
      port: PORT,
      email: EMAIL,
      password: PASSWORD,
      label: "admin-safeguards",
      env: { SEED_DEMO: "true" },
    }));
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("with JavaScript: the dialog asks, Escape backs out, 停止する suspends; the store sees why", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const base = server.baseUrl;
    await enrolAndSignIn(page, base, EMAIL, PASSWORD);
    signedIn = await page.context().storageState();

    const storeId = await storeIdOf(page, base, DEMO_ACCOUNTS.store.email);
    await page.goto(`${base}/admin/stores/${storeId}`);
    await expect(page.getByTestId("store-status")).toHaveText("公開中");
    await page.locator("summary", { hasText: "店舗を停止する" }).click();
    await page.getByLabel("停止の理由").fill(REASON);
    // Hydrated: the box is gone, the dialog waits (closed).
    const dialog = page.getByRole("dialog", { name: "この店舗を停止しますか？" });
    await expect(page.getByTestId("confirm-dialog")).toBeAttached();
    await expect(page.getByRole("checkbox", { name: /確認しました/ })).toHaveCount(0);
    await expect(dialog).toBeHidden();

    const submit = page.getByRole("button", { name: "停止してメールを送る" });
    await submit.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("修正後にご連絡ください。");
    await expect(dialog.getByRole("button", { name: "キャンセル" })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    // Escape: closed, the focus back on the button, nothing done.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    await page.reload();
    await expect(page.getByTestId("store-status")).toHaveText("公開中");

    // Confirmed: suspended.
    await page.locator("summary", { hasText: "店舗を停止する" }).click();
    await page.getByLabel("停止の理由").fill(REASON);
    await expect(page.getByTestId("confirm-dialog")).toBeAttached();
    await submit.click();
    await dialog.getByRole("button", { name: "停止する", exact: true }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(
      "店舗を停止し、理由を店舗にメールで送りました",
    );
    await expect(page.getByTestId("store-status")).toHaveText("停止中");

    // The suspensions page lists the store beside the accounts, linked to its page.
    await page
      .getByRole("navigation", { name: "管理メニュー" })
      .getByRole("link", { name: "利用停止" })
      .click();
    const row = page.locator(`[data-testid="store-suspension-row"][data-store-id="${storeId}"]`);
    await expect(row).toContainText("運営による停止");
    await expect(row).toContainText("修正後にご連絡ください。");
    await row.getByRole("link", { name: "店舗のページで停止を解除する" }).click();
    await expect(page).toHaveURL(`${base}/admin/stores/${storeId}#status`);

    // The store signs in and reads why on its dashboard.
    const storeContext = await browser.newContext();
    const store = await storeContext.newPage();
    await store.goto(`${base}/liver/login`);
    await store.getByLabel("メールアドレス").fill(DEMO_ACCOUNTS.store.email);
    await store.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await store.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(store).toHaveURL(/\/liver\/mypage$/, { timeout: 30_000 });
    const banner = store.getByTestId("suspension-banner");
    await expect(banner).toContainText("現在、店舗の掲載を停止しています");
    await expect(banner.getByTestId("suspension-reason")).toContainText(
      "料金表示が店内の料金と異なっています。",
    );
    await expect(banner.getByRole("link", { name: "お問い合わせ" })).toHaveAttribute("href", "/contact");
    expect(await seriousViolations(store)).toEqual([]);
    await storeContext.close();
  });

  test("without JavaScript: the box is required, next to it the server's message; ticked, suspended", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    expect(signedIn, "the first test signs the operator in").toBeDefined();
    const base = server.baseUrl;
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: signedIn });
    const page = await context.newPage();
    try {
      // Another store than the demo one (that one is suspended by now).
      await page.goto(`${base}/admin/stores?status=public`);
      const other = page.getByTestId("store-row").first();
      const storeId = (await other.getAttribute("data-store-id")) ?? "";
      expect(storeId).not.toBe("");
      await page.goto(`${base}/admin/stores/${storeId}`);
      await expect(page.getByTestId("store-status")).toHaveText("公開中");
      await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);

      await page.locator("summary", { hasText: "店舗を停止する" }).click();
      await page.getByLabel("停止の理由").fill("確認のための停止です。");
      await page.getByRole("button", { name: "停止してメールを送る" }).click();
      const box = page.getByRole("checkbox", {
        name: "店舗を停止し、理由を店舗にメールで送ることを確認しました",
      });
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(
        page.getByText("店舗を停止するときは、確認のチェックを入れてください").first(),
      ).toBeVisible();
      await expect(page.getByTestId("store-status")).toHaveText("公開中");
      // The reason is kept; the box is ticked this time.
      await expect(page.getByLabel("停止の理由")).toHaveValue("確認のための停止です。");
      await box.check();
      await page.getByRole("button", { name: "停止してメールを送る" }).click();
      await expect(page.getByTestId("flash-message")).toHaveText(
        "店舗を停止し、理由を店舗にメールで送りました",
      );
      await expect(page.getByTestId("store-status")).toHaveText("停止中");
    } finally {
      await context.close();
    }
  });
});

/** A store's id from the console's list, found by its address. */
async function storeIdOf(
  page: import("@playwright/test").Page,
  base: string,
  email: string,
): Promise<string> {
  await page.goto(`${base}/admin/stores?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("store-row");
  await expect(row).toHaveCount(1);
  return (await row.getAttribute("data-store-id")) ?? "";
}
