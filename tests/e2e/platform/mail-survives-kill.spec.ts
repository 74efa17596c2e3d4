import { expect, type Page, test } from "@playwright/test";
import { startSmtpServer } from "../../support/smtp";
import { spawnServer } from "../support/spawn-server";

const PASSWORD = "correct-horse-42";

async function register(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/listener/registration`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill("ジョブ");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();
}

// ADR 0015: mails queued when the server is killed (kill -9, no shutdown at all) while the mail
// server refuses them arrive after a restart, each exactly once.
test("mails waiting for a retry survive kill -9 and arrive once after the restart", async ({ page }) => {
  test.setTimeout(180_000);
  const smtp = await startSmtpServer({ refuseFirst: 1_000_000 });
  const env = { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: "5" };
  const first = await spawnServer(3290, env);
  const emails = [1, 2, 3].map((n) => `killed-${n}-${Date.now()}@example.com`);
  try {
    for (const email of emails) await register(page, first.baseUrl, email);
    // Every mail has been tried once and refused: each job now waits for its retry.
    await expect.poll(() => smtp.refused(), { timeout: 30_000 }).toBeGreaterThanOrEqual(emails.length);
    await page.waitForTimeout(300);
    const exited = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    expect(smtp.mails).toHaveLength(0);
  } catch (error) {
    await first.stop();
    await smtp.close();
    throw error;
  }

  // The mail server is healthy again; the server comes back on the same data directory.
  smtp.refuseNext(0);
  const second = await spawnServer(3290, { ...env, DATA_DIR: first.dataDir });
  try {
    for (const email of emails) {
      const mail = await smtp.waitForMail({ to: email }, 60_000);
      expect(mail.subject).toContain("メールアドレスの確認");
    }
    // Time for a duplicate to show up, if the queue were to make one.
    await page.waitForTimeout(3_000);
    for (const email of emails) expect(smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  } finally {
    await second.stop();
    await smtp.close();
  }
});
