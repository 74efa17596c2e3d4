import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import type { TestSmtpServer } from "../../support/smtp";
import { expect, test } from "../fixtures";
import { codeFor, enrolAndSignIn, startConsoleServer } from "../support/operator-console";
import type { SpawnedServer } from "../support/spawn-server";

/**
 * Age verification end to end (ADR 0055) on a server of its own with the demo data and a real
 * SMTP sink: a new listener is sent to the verification page by メッセージを送る, sends a picture
 * of her document, the operator sees it and approves with the birth date, she is mailed, and the
 * room opens; a second one under 18 is refused; the picture's URL serves nobody but an operator.
 * (The deletion 30 days after the decision runs with a fake clock in
 * tests/integration/age-verification.test.ts.)
 */
const PORT = 3277;
const OPERATOR = { email: "age-operator@example.com", password: "age-operator-pass-2026" };
const PASSWORD = "age-listener-pass-1";

let server: SpawnedServer;
let smtp: TestSmtpServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ server, smtp } = await startConsoleServer({
    port: PORT,
    ...OPERATOR,
    label: "age-verification",
    env: { SEED_DEMO: "true" },
  }));
  base = server.baseUrl;
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function register(page: Page, email: string, nickname: string) {
  await page.goto(`${base}/listener/registration`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill(nickname);
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible({ timeout: 30_000 });
  const mail = await smtp.waitForMail({ to: email, subject: /メールアドレスの確認/ }, 30_000);
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes("verify")) ?? "";
  await page.goto(link);
  await page.goto(`${base}/listener/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/listener\/mypage$/, { timeout: 30_000 });
}

/** A document photo as a phone takes it. */
const photo = async () => ({
  name: "license.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 800, height: 500, channels: 3, background: "#dfe8f0" } })
    .jpeg()
    .toBuffer(),
});

async function sendDocument(page: Page) {
  await page.getByLabel("運転免許証").check();
  await page.getByLabel("書類の画像").setInputFiles(await photo());
  await expect(page.getByTestId("age-document-preview")).toBeVisible();
  await page.getByRole("button", { name: "この画像で年齢確認を申し込む" }).click();
  await expect(page.getByText("書類を受け付けました")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("age-verification-state")).toContainText("確認中");
}

let operatorSecret = "";

/** The operator signed in: enrolled at her first login, with the next TOTP code after that. */
async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (!operatorSecret) {
    operatorSecret = await enrolAndSignIn(page, base, OPERATOR.email, OPERATOR.password);
    return page;
  }
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("メールアドレス").fill(OPERATOR.email);
  await page.locator('input[name="password"]').fill(OPERATOR.password);
  // The next period's code: the one the enrolment used cannot be used twice.
  await page.getByLabel(/確認コード/).fill(codeFor(operatorSecret, Date.now() + 30_000));
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/admin$`), { timeout: 30_000 });
  return page;
}

/** The operator opens the oldest pending document of `nickname` and decides with a birth date. */
async function approve(operator: Page, nickname: string, birthDate: string): Promise<string> {
  await operator.goto(`${base}/admin/age-verifications`);
  await operator.getByRole("link", { name: new RegExp(nickname) }).click();
  const image = operator.getByTestId("age-document");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const id = new URL(operator.url()).pathname.split("/").pop() ?? "";
  await operator.getByLabel("生年月日").fill(birthDate);
  await operator.getByRole("button", { name: "承認する" }).click();
  await expect(operator).toHaveURL(/\/admin\/age-verifications\?done=/);
  return id;
}

test("a new listener verifies her age with a document before her first message", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `age-${Date.now()}@example.com`;
  await register(page, email, "としかくにん");

  // メッセージを送る on a cast's page leads to the verification page, which says why.
  await page.goto(`${base}/search/staff`);
  await page.locator('a[href^="/listener/staff/"]').first().click();
  await expect(page).toHaveURL(/\/listener\/staff\/[^/?]+$/);
  const castPage = page.url();
  await page.getByTestId("open-room").first().click();
  await expect(page).toHaveURL(/\/listener\/mypage\/age-verification\?for=message$/);
  await expect(page.getByText("メッセージの送信には年齢確認が必要です")).toBeVisible();
  await sendDocument(page);

  const operator = await operatorPage(browser);
  const id = await approve(operator, "としかくにん", "1998-04-02");
  await expect(operator.getByText("年齢確認を承認しました")).toBeVisible();

  // The picture's URL serves an operator only: the listener is sent to the console's login.
  const stranger = await page.request.get(`${base}/admin/age-verifications/${id}/document`, {
    maxRedirects: 0,
  });
  expect(stranger.status()).toBe(302);
  expect(stranger.headers().location).toContain("/admin/login");
  const own = await operator.request.get(`${base}/admin/age-verifications/${id}/document`);
  expect(own.headers()["content-type"]).toBe("image/webp");
  expect(own.headers()["cache-control"]).toContain("no-store");

  const mail = await smtp.waitForMail({ to: email, subject: /年齢確認が完了しました/ }, 30_000);
  expect(mail.text).not.toContain("1998");
  await page.goto(castPage);
  await page.getByTestId("open-room").first().click();
  await expect(page).toHaveURL(/\/listener\/mypage\/message\/[0-9a-f-]+$/);
  await expect(page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("textbox", { name: "メッセージ" }).fill("はじめまして");
  await page.getByTestId("message-send").click();
  await expect(page.getByTestId("message").filter({ hasText: "はじめまして" })).toHaveAttribute(
    "data-state",
    "stored",
  );
  await operator.context().close();
});

test("a listener under 18 by her document's birth date is refused", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = `young-${Date.now()}@example.com`;
  await register(page, email, "じゅうななさい");
  await page.goto(`${base}/listener/mypage/age-verification`);
  await sendDocument(page);

  const operator = await operatorPage(browser);
  const today = new Date(Date.now() + 9 * 3_600_000);
  const birth = `${today.getUTCFullYear() - 17}-01-01`;
  await approve(operator, "じゅうななさい", birth);
  await expect(operator.getByText("年齢確認を却下しました")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("age-verification-state")).toContainText(
    "18歳未満の方はご利用いただけません",
  );
  await smtp.waitForMail({ to: email, subject: /年齢確認ができませんでした/ }, 30_000);
  await operator.context().close();
});
