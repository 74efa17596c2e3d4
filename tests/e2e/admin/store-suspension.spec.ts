import { DEMO_ACCOUNTS } from "~/.server/seed/seed-database";
import type { TestSmtpServer } from "../../support/smtp";
import { expect, test } from "../fixtures";
import { codeFor, enrolAndSignIn, seriousViolations, startConsoleServer } from "../support/operator-console";
import type { SpawnedServer } from "../support/spawn-server";

// The operator's console, part one (ADR 0033), end to end on a server of its own
// with the demo data and a real SMTP sink: the operator finds the demo store, suspends it with a
// reason — it is gone from the directory for a signed-out visitor and the store gets the reason by
// mail — then lifts it, and it is back. Then the ranking: stores put at places, dragged with the
// pointer (saved on drop) and moved with the buttons that work without JavaScript.

const PORT = 3720;
const EMAIL = "ops-suspend@example.com";
const PASSWORD = "operator-e2e-pass-2026";
const REASON = "店舗写真に規約で禁止されている表現があります。\n差し替え後にご連絡ください。";

test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

test.describe("operator console: stores", () => {
  let smtp: TestSmtpServer;
  let server: SpawnedServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    ({ server, smtp } = await startConsoleServer({
      port: PORT,
      email: EMAIL,
      password: PASSWORD,
      label: "admin-stores",
      env: { SEED_DEMO: "true" },
    }));
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("a suspended store leaves the directory at once and gets the reason by mail; lifted, it is back", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const base = server.baseUrl;
    operatorSecret = await enrolAndSignIn(page, base, EMAIL, PASSWORD);

    // The demo store, found by its address.
    await page.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: /^店舗/ }).click();
    await page.getByRole("searchbox", { name: "店舗を検索" }).fill(DEMO_ACCOUNTS.store.email);
    await page.getByRole("button", { name: "検索" }).click();
    const row = page.getByTestId("store-row");
    await expect(row).toHaveCount(1);
    const storeId = (await row.getAttribute("data-store-id")) ?? "";
    await row.click();
    await expect(page).toHaveURL(`${base}/admin/stores/${storeId}`);
    // The store's page has rendered (the URL changes before the new page does).
    await expect(page.getByTestId("store-status")).toHaveText("公開中");
    const storeName = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    expect(storeName).not.toBe("店舗");
    expect(await seriousViolations(page)).toEqual([]);

    // A visitor finds it.
    const visitor = await browser.newPage();
    const search = `${base}/search/liver?keyword=${encodeURIComponent(storeName)}`;
    await visitor.goto(search);
    await expect(visitor.locator(`a[href="/listener/liver/${storeId}"]`).first()).toBeVisible();
    const totalBefore = (
      (await (await visitor.request.get(`${base}/api/livers`)).json()) as { total: number }
    ).total;

    // Suspended with a reason, after the confirmation dialog (ADR 0053): a missing reason is asked for first.
    await page.locator("summary", { hasText: "店舗を停止する" }).click();
    // The dialog is there once the page runs its script (before that, the form has a checkbox).
    await expect(page.getByTestId("confirm-dialog")).toBeAttached();
    await page.getByRole("button", { name: "停止してメールを送る" }).click();
    const confirm = page.getByRole("dialog", { name: "この店舗を停止しますか？" });
    await confirm.getByRole("button", { name: "停止する", exact: true }).click();
    await expect(page.getByText("停止の理由を入力してください").first()).toBeVisible();
    await page.getByLabel("停止の理由").fill(REASON);
    await page.getByRole("button", { name: "停止してメールを送る" }).click();
    await confirm.getByRole("button", { name: "停止する", exact: true }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(
      "店舗を停止し、理由を店舗にメールで送りました",
    );
    await expect(page.getByTestId("store-status")).toHaveText("停止中");
    await expect(page.getByTestId("operator-suspension")).toContainText("差し替え後にご連絡ください。");
    await expect(page.getByTestId("audit-trail")).toContainText("店舗を停止");

    // Gone for the visitor: the search, the store's page, the API's total.
    await visitor.goto(search);
    await expect(visitor.locator(`a[href="/listener/liver/${storeId}"]`)).toHaveCount(0);
    const gone = await visitor.goto(`${base}/listener/liver/${storeId}`);
    expect(gone?.status()).toBe(404);
    const totalAfter = ((await (await visitor.request.get(`${base}/api/livers`)).json()) as { total: number })
      .total;
    expect(totalAfter).toBe(totalBefore - 1);

    // The store's mail, over SMTP, with the reason as written.
    const mail = await smtp.waitForMail(
      { to: DEMO_ACCOUNTS.store.email, subject: /店舗の掲載を停止しました/ },
      15_000,
    );
    expect(mail.text).toContain(`${storeName} 様`);
    expect(mail.text).toContain("差し替え後にご連絡ください。");
    expect(mail.text).toContain(`${base}/liver/mypage`);

    // Lifted with a note: listed again, and told.
    await page.getByLabel("店舗へのメッセージ（任意）").fill("ご対応ありがとうございました。");
    await page.getByRole("button", { name: "停止を解除してメールを送る" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("停止を解除し、店舗にメールで知らせました");
    await expect(page.getByTestId("store-status")).toHaveText("公開中");
    await expect(page.getByTestId("suspension-history")).toContainText("解除");
    await visitor.goto(search);
    await expect(visitor.locator(`a[href="/listener/liver/${storeId}"]`).first()).toBeVisible();
    const lifted = await smtp.waitForMail(
      { to: DEMO_ACCOUNTS.store.email, subject: /掲載停止を解除しました/ },
      15_000,
    );
    expect(lifted.text).toContain("ご対応ありがとうございました。");
    await visitor.close();
  });

  test("ranking: stores put at places, one dragged to the top, one moved with a button", async ({ page }) => {
    test.setTimeout(180_000);
    const base = server.baseUrl;
    await signInAgain(page, base);

    // Three stores of the list at places 1, 2, 3 (each put at the end of the three so far).
    await page.goto(`${base}/admin/stores`);
    const rows = page.getByTestId("store-row");
    const ids = await rows.evaluateAll((links) =>
      links.slice(0, 3).map((a) => a.getAttribute("data-store-id") ?? ""),
    );
    for (const [place, id] of ids.entries()) {
      await page.goto(`${base}/admin/stores/${id}`);
      await page.getByLabel("掲載順（位）").fill(String(place + 1));
      await page.getByRole("button", { name: "掲載順を保存" }).click();
      await expect(page.getByTestId("flash-message")).toHaveText("掲載順を変更しました");
    }
    const [a, b, c] = ids as [string, string, string];
    const ranking = () =>
      page
        .getByTestId("ranking-row")
        .evaluateAll((items) => items.slice(0, 3).map((li) => li.getAttribute("data-store-id")));

    await page.goto(`${base}/admin/stores/ranking`);
    await expect.poll(ranking).toEqual([a, b, c]);
    expect(await seriousViolations(page)).toEqual([]);

    // Dragged by its handle from third to first: saved when dropped.
    const handle = page.locator(`[data-store-id="${c}"] [data-testid="drag-handle"]`);
    const target = page.locator(`[data-store-id="${a}"]`);
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const saved = page.waitForResponse(
      (r) => r.url().includes("/admin/stores/ranking") && r.request().method() === "POST",
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    await expect.poll(ranking).toEqual([c, a, b]);
    await page.reload();
    await expect.poll(ranking).toEqual([c, a, b]);
    await expect(page.getByTestId("ranking-place").first()).toHaveText("1");

    // The button (a plain form, also without JavaScript): the first one place down.
    await page
      .locator(`[data-store-id="${c}"]`)
      .getByRole("button", { name: /を下へ$/ })
      .click();
    await expect(page.getByTestId("flash-message")).toHaveText("並び順を変更しました");
    await expect.poll(ranking).toEqual([a, c, b]);
  });
});

let operatorSecret = "";

/** Signs the enrolled operator in again with a code of the next step (a used code is refused). */
async function signInAgain(page: import("@playwright/test").Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("メールアドレス").fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByLabel(/確認コード/).fill(codeFor(operatorSecret, Date.now() + 30_000));
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/admin$`), { timeout: 30_000 });
}
