import type { TestSmtpServer } from "../../support/smtp";
import { expect, test } from "../fixtures";
import { codeFor, operatorCommand, seriousViolations, startConsoleServer } from "../support/operator-console";
import type { SpawnedServer } from "../support/spawn-server";

// The operator's console end to end (ADR 0015, ADR 0033), on a server of its own: the operator
// is made by the real command (`npm run operator -- create`) on the data directory before the
// server starts — and the command refuses while the server holds the embedded database. A store
// asks to be listed at /shop_entry; the operator signs in (enrolling the authenticator: the code is
// computed here from the secret the page shows, with the same library), answers by mail (read from
// a real SMTP sink) and the request ends up handled.

const PORT = 3275;
const EMAIL = "ops@example.com";
const PASSWORD = "operator-e2e-pass-2026";

test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

test.describe("operator console", () => {
  let smtp: TestSmtpServer;
  let server: SpawnedServer;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const started = await startConsoleServer({
      port: PORT,
      email: EMAIL,
      password: PASSWORD,
      label: "admin",
      name: "運営 花子",
    });
    ({ server, smtp, dataDir } = started);
    expect(started.created.stdout).toContain(`Operator ${EMAIL} created`);
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("the command refuses while the server holds the embedded database, and says why", () => {
    const refused = operatorCommand(
      ["create", "--email", "second@example.com", "--password-stdin"],
      dataDir,
      PASSWORD,
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("Stop the server");
  });

  test("a listing request from /shop_entry to handled, with the operator's reply mail", async ({ page }) => {
    test.setTimeout(180_000);
    const base = server.baseUrl;
    const requester = `owner-${Date.now()}@example.com`;

    // A store asks to be listed.
    await page.goto(`${base}/shop_entry`);
    await page.locator("#field-store_name").fill("Bar 月あかり");
    await page.getByLabel("店舗名（フリガナ）").fill("バー ツキアカリ");
    await page.getByLabel("業種").selectOption("girls_bar");
    await page.getByLabel("都道府県").selectOption({ label: "東京都" });
    await page.getByLabel("エリア").fill("新宿");
    await page.getByLabel("ご担当者名").fill("月野 明");
    await page.getByLabel("電話番号").fill("03-1234-5678");
    await page.getByLabel("メールアドレス").fill(requester);
    await page.getByRole("button", { name: "この内容で送信する" }).click();
    await expect(page).toHaveURL(/\/shop_entry\?sent=1$/);

    // /admin is the operator's: a visitor is sent to its login.
    await page.goto(`${base}/admin`);
    await expect(page).toHaveURL(/\/admin\/login\?from=%2Fadmin$/);
    await expect(page.getByRole("heading", { name: "運営ログイン" })).toBeVisible();

    // First login: password only, then the enrolment page with the QR code and the secret.
    await page.getByLabel("メールアドレス").fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    // Password hashing and the proof of work take seconds on a busy 2-core machine.
    await expect(page).toHaveURL(/\/admin\/login\/enroll/, { timeout: 30_000 });
    await expect(page.getByRole("img", { name: "認証アプリに登録するためのQRコード" })).toBeVisible();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("確認コード（6桁）").fill(codeFor(secret) === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "設定してログイン" }).click();
    await expect(page.getByText("確認コードが正しくありません").first()).toBeVisible();

    await page.getByLabel("確認コード（6桁）").fill(codeFor(secret));
    await page.getByRole("button", { name: "設定してログイン" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/admin$`));
    await expect(page.getByRole("heading", { name: "ダッシュボード" })).toBeVisible();
    await expect(page.getByTestId("count-shop-entry")).toContainText("1");
    expect(await seriousViolations(page)).toEqual([]);

    // The request, its reply, handled.
    await page.getByTestId("count-shop-entry").click();
    await expect(page).toHaveURL(/\/admin\/shop_entry$/);
    await page.getByTestId("inquiry-row").filter({ hasText: "Bar 月あかり" }).click();
    await expect(page.getByTestId("inquiry-fields")).toContainText(requester);
    await expect(page.getByTestId("inquiry-status")).toHaveText("未対応");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("件名").fill("掲載のご案内（ヨルナビ）");
    await page
      .getByLabel("本文")
      .fill("掲載リクエストありがとうございます。\n店舗登録の手順をご案内します。");
    await expect(page.getByLabel("送信後に対応済みにする")).toBeChecked();
    await page.getByRole("button", { name: "返信を送信" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("返信メールを送信しました");
    await expect(page.getByTestId("inquiry-status")).toHaveText("対応済み");
    await expect(page.getByTestId("inquiry-history")).toContainText("掲載リクエストに返信");

    const reply = await smtp.waitForMail({ to: requester, subject: /掲載のご案内/ }, 10_000);
    expect(reply.text).toContain("月野 明 様");
    expect(reply.text).toContain("店舗登録の手順をご案内します。");
    expect(reply.text).toContain("Bar 月あかり");

    // Nothing left to do; the audit log has it all.
    await page.getByRole("link", { name: "ダッシュボード" }).click();
    await expect(page.getByTestId("count-shop-entry")).toContainText("0");
    await page.getByRole("link", { name: "操作ログ" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole("heading", { level: 1, name: "操作ログ" })).toBeVisible();
    await expect(page.locator('[data-action="shop_entry.reply"]')).toBeVisible();
    const actions = await page
      .getByTestId("audit-row")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
    expect(actions).toEqual(
      expect.arrayContaining([
        "operator.create",
        "login.enrolment_started",
        "login.totp_enrolled",
        "shop_entry.reply",
        "shop_entry.handled",
      ]),
    );

    // The operator cannot open a listener's page; after logout, /admin is closed again.
    await page.goto(`${base}/listener/mypage`);
    await expect(page).toHaveURL(/\/listener\/login\?from=%2Flistener%2Fmypage$/);
    await page.goto(`${base}/admin`);
    await page.getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto(`${base}/admin/shop_entry`);
    await expect(page).toHaveURL(/\/admin\/login\?from=%2Fadmin%2Fshop_entry$/);
  });
});
