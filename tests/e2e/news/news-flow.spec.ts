import { createServer } from "node:net";
import { expect, test } from "../fixtures";
import { freshDataDir } from "../support/data-dirs";
import { codeFor, operatorCommand } from "../support/operator-console";
import { saveShot } from "../support/shots";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

// Official news end to end (ADR 0027) on a phone, on a server of its own with the demo data:
// the operator (made by `npm run operator -- create`, signing in with a TOTP code computed here)
// publishes a news for listeners; the demo listener sees the unread count in the mypage menu,
// opens the news, and the count goes down.

const EMAIL = "news-ops@example.com";
const PASSWORD = "operator-news-pass-2026";

test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

/** A port the OS says is free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

test.describe("official news", () => {
  let server: SpawnedServer;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const dataDir = freshDataDir("demo", "news-e2e");
    const created = operatorCommand(
      ["create", "--email", EMAIL, "--name", "運営 お知らせ係", "--password-stdin"],
      dataDir,
      PASSWORD,
    );
    expect(created.status, created.stderr).toBe(0);
    const port = await freePort();
    server = await spawnServer(port, {
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      BASE_URL: `http://127.0.0.1:${port}`,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("an operator publishes for listeners; the demo listener's unread count goes down on reading", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const base = server.baseUrl;
    const title = `年末の営業について ${Date.now().toString(36)}`;

    // The operator signs in (enrolling the authenticator on the first login).
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("メールアドレス").fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/login\/enroll/, { timeout: 60_000 });
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    await page.getByLabel("確認コード（6桁）").fill(codeFor(secret));
    await page.getByRole("button", { name: "設定してログイン" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/admin$`));

    // A news for listeners, with mail, published now; a form sent empty first says what is missing.
    await page
      .getByRole("navigation", { name: "管理メニュー" })
      .getByRole("link", { name: "お知らせ" })
      .click();
    await expect(page).toHaveURL(/\/admin\/news$/);
    await page.getByRole("link", { name: "新規作成" }).click();
    await page.getByRole("button", { name: "今すぐ公開" }).click();
    await expect(page.locator("#field-title-error")).toContainText("入力してください");
    await page.getByLabel("タイトル").fill(title);
    await page
      .getByLabel("本文")
      .fill("いつもありがとうございます。\n年末の営業時間は https://example.com/hours をご覧ください。");
    await page.getByLabel("リスナー").check();
    await page.getByLabel("配信先にメールでもお知らせする").check();
    await saveShot(page, "news-admin-news-new.png", { fullPage: true });
    await page.getByRole("button", { name: "今すぐ公開" }).click();
    await expect(page).toHaveURL(/\/admin\/news\?done=published$/);
    await expect(page.getByTestId("flash-message")).toHaveText("お知らせを公開しました");
    const row = page.getByTestId("admin-news-list").getByRole("link").filter({ hasText: title });
    await expect(row).toContainText("公開中");
    await expect(row).toContainText("メール配信済み");
    await saveShot(page, "news-admin-news-list.png", { fullPage: true });

    // The demo listener, in a browser of their own (a phone too).
    const context = await browser.newContext({ ...test.info().project.use, baseURL: base });
    const phone = await context.newPage();
    await phone.goto(`${base}/listener/login`);
    await phone.getByLabel("メールアドレス").fill("listener@demo.example");
    await phone.locator('input[name="password"]').fill("demo-pass-2026");
    await phone.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(phone).toHaveURL(/\/listener\/mypage$/, { timeout: 60_000 });
    const badge = phone.getByTestId("mypage-badge-unreadNews");
    await expect(badge).toBeVisible();
    const before = Number(((await badge.textContent()) ?? "").replace(/\D/g, ""));
    expect(before).toBeGreaterThanOrEqual(2); // the demo news and the one just published

    await phone
      .getByRole("navigation", { name: "マイページ" })
      .getByRole("link", { name: /お知らせ/ })
      .click();
    await expect(phone).toHaveURL(/\/listener\/mypage\/news$/);
    const item = phone.getByTestId("news-item").filter({ hasText: title });
    await expect(phone.getByTestId("news-item").first()).toContainText(title); // newest first
    await expect(item.getByTestId("news-unread")).toBeVisible();
    await saveShot(phone, "news-listener-news-list.png", { fullPage: true });

    await item.click();
    await expect(phone.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const link = phone.getByTestId("news-body").getByRole("link", { name: "https://example.com/hours" });
    await expect(link).toHaveAttribute("href", "https://example.com/hours");
    await expect(badge).toHaveText(new RegExp(`^${before - 1}`));
    await saveShot(phone, "news-listener-news-detail.png", { fullPage: true });

    await phone.getByRole("link", { name: "お知らせ一覧へ" }).click();
    await expect(phone).toHaveURL(/\/listener\/mypage\/news$/);
    await expect(
      phone.getByTestId("news-item").filter({ hasText: title }).getByTestId("news-unread"),
    ).toHaveCount(0);
    await expect(badge).toHaveText(new RegExp(`^${before - 1}`));
    await context.close();
  });

  test("staff read theirs in a section of their home, unread marked, and open one", async ({ page }) => {
    test.setTimeout(120_000);
    const base = server.baseUrl;
    await page.goto(`${base}/staff/login`);
    await page.getByLabel("ログインID").fill("demo-cast");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/mypage$/, { timeout: 60_000 });
    const section = page.getByTestId("staff-news");
    await expect(section.getByRole("heading", { name: "運営からのお知らせ" })).toBeVisible();
    // The demo news for staff and for everyone; not the listeners' one published above.
    await expect(section.getByTestId("news-item")).toHaveCount(3);
    await expect(section).not.toContainText("年末の営業について");
    await expect(section.getByTestId("news-unread")).toHaveCount(3);
    await section.scrollIntoViewIfNeeded();
    await saveShot(page, "news-staff-home-news.png", { fullPage: true });

    await section
      .getByTestId("news-item")
      .filter({ hasText: "出勤スケジュールの入力をお願いします" })
      .click();
    await expect(page).toHaveURL(/\/staff\/mypage\/news\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("news-body")).toContainText("出勤予定を入力すると");
    await page.getByRole("link", { name: "マイページへ" }).click();
    await expect(page.getByTestId("staff-news").getByTestId("news-unread")).toHaveCount(2);
  });
});
