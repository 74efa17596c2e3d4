import { DEMO_ACCOUNTS } from "~/.server/seed/seed-database";
import type { TestSmtpServer } from "../../support/smtp";
import { expect, test } from "../fixtures";
import { enrolAndSignIn, seriousViolations, startConsoleServer } from "../support/operator-console";
import type { SpawnedServer } from "../support/spawn-server";

// A chat report handled to the end (issue 18 item 3, ADR 0030) on a server of its own with the demo
// data and a real SMTP sink: demo-cast reports the demo listener from their conversation; the
// operator reads the conversation at /admin/reports and suspends the account with a reason; the
// listener's open session ends and signing in again is refused; the listener gets the reason by
// mail, the cast's store the outcome; the audit log has the decision.

const PORT = 3420;
const EMAIL = "ops-reports@example.com";
const PASSWORD = "operator-e2e-pass-2026";
const DEMO_PASSWORD = "demo-pass-2026";
const NOTE = "メッセージで繰り返し不適切な発言がありました。";

test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

test.describe("operator console: reports", () => {
  let smtp: TestSmtpServer;
  let server: SpawnedServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    ({ server, smtp } = await startConsoleServer({
      port: PORT,
      email: EMAIL,
      password: PASSWORD,
      label: "admin-reports",
      env: { SEED_DEMO: "true" },
    }));
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("a chat report: read in context, the account suspended, both sides told, the audit log written", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const base = server.baseUrl;

    // The listener is signed in somewhere.
    const listener = await browser.newPage();
    await listener.goto(`${base}/listener/login`);
    await listener.getByLabel("メールアドレス").fill(DEMO_ACCOUNTS.listener.email);
    await listener.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await listener.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(listener).toHaveURL(/\/listener\/mypage/);

    // demo-cast reports their conversation from the room's menu.
    const cast = await browser.newPage();
    await cast.goto(`${base}/staff/login`);
    await cast.getByLabel("ログインID").fill(DEMO_ACCOUNTS.staff.loginId);
    await cast.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await cast.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(cast).toHaveURL(/\/staff\/mypage/);
    await cast.goto(`${base}/staff/mypage/message`);
    await cast.getByTestId("room-item").filter({ hasText: DEMO_ACCOUNTS.listener.nickname }).click();
    await cast.getByTestId("room-menu").click();
    await cast.getByTestId("room-report").click();
    await expect(cast.getByText("通報の理由を入力してください")).toBeVisible();
    await cast.getByLabel("通報の理由").fill("しつこく誘われて困っています");
    await cast.getByTestId("room-report").click();
    await expect(cast.getByTestId("flash-message")).toHaveText("通報を受け付けました。運営が確認します。");

    // The operator finds it in the queue and reads the conversation.
    await enrolAndSignIn(page, base, EMAIL, PASSWORD);
    // The demo data's own open report, and this one.
    await expect(page.getByTestId("count-reports")).toContainText("2");
    await page.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: /^通報/ }).click();
    await expect(page.getByTestId("report-row")).toHaveCount(2);
    const row = page.getByTestId("report-row").filter({ hasText: "しつこく誘われて困っています" });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(page.getByTestId("report-context")).toContainText(
      "はじめまして！プロフィール見てメッセージしました",
    );
    await expect(page.getByTestId("reported-account")).toContainText(DEMO_ACCOUNTS.listener.nickname);
    expect(await seriousViolations(page)).toEqual([]);

    // Suspension needs the reason the account will read.
    await page.getByLabel("アカウントを停止する").check();
    await page.getByRole("button", { name: "決定してメールを送る" }).click();
    await expect(page.getByText("相手に伝える理由を入力してください").first()).toBeVisible();
    await page.getByLabel("理由（警告・停止のとき）").fill(NOTE);
    await page.getByRole("button", { name: "決定してメールを送る" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText(
      "通報を対応済みにしました。通報者にメールで結果を知らせました。",
    );
    await expect(page.getByTestId("report-status")).toContainText("アカウント停止");
    await expect(page.getByTestId("report-decision")).toContainText(NOTE);

    // The listener's session is gone, and a new one is refused.
    await listener.goto(`${base}/listener/mypage`);
    await expect(listener).toHaveURL(/\/listener\/login/);
    await listener.getByLabel("メールアドレス").fill(DEMO_ACCOUNTS.listener.email);
    await listener.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await listener.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(listener.getByText("このアカウントは利用停止中です").first()).toBeVisible();

    // Both sides told over SMTP: the reason to the account, the outcome (not the reason) to the reporter's store.
    const suspended = await smtp.waitForMail(
      { to: DEMO_ACCOUNTS.listener.email, subject: /アカウントの利用を停止しました/ },
      15_000,
    );
    expect(suspended.text).toContain(NOTE);
    const outcome = await smtp.waitForMail(
      { to: DEMO_ACCOUNTS.store.email, subject: /通報への対応が完了しました/ },
      15_000,
    );
    expect(outcome.text).toContain("アカウント停止");
    expect(outcome.text).not.toContain(NOTE);

    // The audit log has it.
    await page.goto(`${base}/admin/audit`);
    await expect(page.getByText("通報によりアカウントを停止する").first()).toBeVisible();
    await listener.close();
    await cast.close();
  });
});
