import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, request as playwrightRequest } from "@playwright/test";
import { createUnsubscribeToken } from "~/.server/services/notifications/unsubscribe-token";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";
import { savedSessions } from "../support/sessions";
import { saveShot } from "../support/shots";

// The unsubscribe page and the RFC 8058 one-click POST against the real server (Origin check, React
// Router's action check, rate limit in place). A listener of its own, as the demo accounts are shared.
const stamp = Date.now();
const email = `unsubscribe-${stamp}@example.com`;
const PASSWORD = "yoru-pass-2026";

test.describe.configure({ mode: "serial" });
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

/** The server's AUTH_SECRET: generated into its DATA_DIR outside production. */
function serverEnv() {
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  return { authSecret: readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim() };
}

const sessions = savedSessions();

/** The first sign-in through the login form, later ones with its saved session. */
async function logIn(page: Page) {
  await sessions.signIn(page, email, null, async () => {
    await page.goto("/listener/login");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\/listener\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
  });
}

async function settings(page: Page) {
  await page.goto("/listener/mypage/setting");
  return page.getByRole("region", { name: "メール通知設定" });
}

let uid = "";

test("a fresh listener registers and verifies", async ({ page }) => {
  await page.goto("/listener/registration");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill("ていし");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  const mail = await waitForMail(email, /メールアドレスの確認/);
  await page.goto(linkTo(mail, "/listener/login"));
  await logIn(page);
  const me = (await (await page.request.get("/api/me")).json()) as { account: { uid: string } };
  uid = me.account.uid;
  expect(uid).toBeTruthy();
});

test("the link in a mail shows a page; its button turns off exactly that setting", async ({ page }) => {
  const token = createUnsubscribeToken({ role: "listener", setting: "following_live", uid }, serverEnv());
  await page.goto(`/unsubscribe/${token}`);
  await expect(page.getByRole("heading", { name: "メール配信の停止" })).toBeVisible();
  await expect(page.getByText("「フォロー中のライブ配信」のメール通知を停止します")).toBeVisible();
  await saveShot(page, "unsubscribe-confirm.png", { fullPage: true });
  await page.getByRole("button", { name: "配信を停止する" }).click();
  await expect(page.getByText("「フォロー中のライブ配信」のメール通知を停止しました。")).toBeVisible();
  await saveShot(page, "unsubscribe-done.png", { fullPage: true });

  await logIn(page);
  const mail = await settings(page);
  await expect(mail.getByLabel("フォロー中のライブ配信")).not.toBeChecked();
  await expect(mail.getByLabel("フォロー中のInstagram投稿")).toBeChecked();
  await expect(mail.getByLabel("フォロー中のTikTok投稿")).toBeChecked();
  await expect(mail.getByLabel("運営からのお知らせ")).toBeChecked();
});

test("a mail provider's one-click POST (no cookies, its own Origin) turns the setting off", async ({
  page,
  baseURL,
}) => {
  const token = createUnsubscribeToken({ role: "listener", setting: "following_tiktok", uid }, serverEnv());
  const provider = await playwrightRequest.newContext();
  try {
    const response = await provider.post(`${baseURL}/unsubscribe/${token}`, {
      headers: {
        Origin: "https://mail.provider.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      data: "List-Unsubscribe=One-Click",
    });
    expect(response.status()).toBe(200);
    // Another path from that origin is still refused.
    const elsewhere = await provider.post(`${baseURL}/logout`, {
      headers: { Origin: "https://mail.provider.example" },
    });
    expect(elsewhere.status()).toBe(403);
  } finally {
    await provider.dispose();
  }
  await logIn(page);
  const mail = await settings(page);
  await expect(mail.getByLabel("フォロー中のTikTok投稿")).not.toBeChecked();
  await expect(mail.getByLabel("フォロー中のInstagram投稿")).toBeChecked();
});

test("a tampered token is a 400 page in Japanese and changes nothing", async ({ page }) => {
  const token = createUnsubscribeToken(
    { role: "listener", setting: "official_information", uid },
    serverEnv(),
  );
  // The first character of the signature: all six of its bits count.
  const dot = token.indexOf(".") + 1;
  const tampered = `${token.slice(0, dot)}${token[dot] === "A" ? "Q" : "A"}${token.slice(dot + 1)}`;
  const response = await page.goto(`/unsubscribe/${tampered}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByText("このリンクは無効です")).toBeVisible();
  const post = await page.request.post(`/unsubscribe/${tampered}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(post.status()).toBe(400);
  await logIn(page);
  await expect((await settings(page)).getByLabel("運営からのお知らせ")).toBeChecked();
});
