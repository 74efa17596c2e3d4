import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";
import { expectNoOverflow } from "../support/phone-layout";

// A listener of its own: the demo accounts are shared with guards.spec.ts and must keep their
// address and password.
const stamp = Date.now();
const email = `settings-${stamp}@example.com`;
const newEmail = `settings-new-${stamp}@example.com`;
const PASSWORD = "yoru-pass-2026";
const NEW_PASSWORD = "yoru-pass-2027";
const LONG_NICKNAME = "ながいながいニックネームのテストユーザー";

test.describe.configure({ mode: "serial" });
// Refused forms answer 400 (ADR 0021); the browser logs that status for the form's request.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[03]/] });

/** Signs out and waits for the top page: a next `goto` must not cancel the sign-out on a busy machine. */
async function logOut(page: Page) {
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("header-mypage")).toHaveCount(0);
}

async function logIn(page: Page, address: string, password: string) {
  await page.goto("/listener/login");
  await page.getByLabel("メールアドレス").fill(address);
  await page.locator('input[name="password"]').fill(password);
  // Wait for the answer, so a following page.goto does not cancel the sign-in.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/listener/login") && r.request().method() === "POST"),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);
}

test.describe("listener settings", () => {
  test("a fresh listener registers and verifies", async ({ page }) => {
    await page.goto("/listener/registration");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByLabel("ニックネーム").fill("せってい");
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await page.getByRole("button", { name: "この内容で登録する" }).click();
    await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();
    const mail = await waitForMail(email, /メールアドレスの確認/);
    await page.goto(linkTo(mail, "/listener/login"));
    await expect(page.getByText("メールアドレスの確認が完了しました")).toBeVisible();
  });

  test("changes the nickname and the mail settings", async ({ page }) => {
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/listener\/mypage$/);
    await page.getByRole("navigation", { name: "マイページ" }).getByRole("link", { name: "設定" }).click();
    await expect(page).toHaveURL(/\/listener\/mypage\/setting$/);
    await expect(page.getByRole("heading", { name: "設定", level: 1 })).toBeVisible();

    // Nickname: a bad one is refused with 400 and kept; a good one shows in the header.
    const nickname = page.getByRole("region", { name: "ニックネーム" });
    await nickname.getByLabel("ニックネーム").fill("あ".repeat(21));
    const [refused] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/listener/mypage/setting") && r.request().method() === "POST",
      ),
      nickname.getByRole("button", { name: "ニックネームを変更する" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(nickname.getByText("ニックネームは20文字以内で入力してください").first()).toBeVisible();
    await expect(nickname.getByLabel("ニックネーム")).toHaveValue("あ".repeat(21));

    // The longest nickname allowed (20 characters).
    await nickname.getByLabel("ニックネーム").fill(LONG_NICKNAME);
    await nickname.getByRole("button", { name: "ニックネームを変更する" }).click();
    await expect(page.getByText("ニックネームを変更しました")).toBeVisible();
    await expect(page.getByTestId("header-mypage")).toContainText("ながいながいニックネーム");
    await expect(page.getByTestId("mypage-name")).toHaveText(LONG_NICKNAME);

    // Mail settings: every box is on at first; one turned off stays off after a reload.
    const mail = page.getByRole("region", { name: "メール通知設定" });
    for (const label of [
      "フォロー中のライブ配信",
      "フォロー中のInstagram投稿",
      "フォロー中のTikTok投稿",
      "運営からのお知らせ",
    ]) {
      await expect(mail.getByLabel(label)).toBeChecked();
    }
    await mail.getByLabel("フォロー中のTikTok投稿").uncheck();
    await mail.getByRole("button", { name: "通知設定を保存する" }).click();
    await expect(page.getByText("メール通知設定を保存しました")).toBeVisible();
    await page.reload();
    await expect(mail.getByLabel("フォロー中のTikTok投稿")).not.toBeChecked();
    await expect(mail.getByLabel("フォロー中のライブ配信")).toBeChecked();
    await expect(mail.getByLabel("運営からのお知らせ")).toBeChecked();

    // Signed in, the top page has no invitation to sign up; the header with the long nickname
    // fits a 390 px and a 320 px phone (docs/product.md "First steps").
    await page.goto("/");
    await expect(page.getByTestId("header-mypage")).toContainText("ながいながいニックネーム");
    await expect(page.getByTestId("signup-invitation")).toHaveCount(0);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoOverflow(page);
    }
  });

  test("sets a profile picture (re-encoded as WebP), refuses a non-picture, removes it", async ({ page }) => {
    await logIn(page, email, PASSWORD);
    await page.goto("/listener/mypage/setting");
    const form = page.getByRole("region", { name: "プロフィール画像" });
    await expect(form.getByRole("img")).toHaveCount(0);

    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 240, g: 80, b: 150 } },
    })
      .png()
      .toBuffer();
    await form.getByLabel("画像を選択").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await form.getByRole("button", { name: "画像を保存する" }).click();
    await expect(page.getByText("プロフィール画像を変更しました")).toBeVisible();
    const src = await form.getByRole("img", { name: "現在のプロフィール画像" }).getAttribute("src");
    expect(src).toMatch(/^\/uploads\/listeners\/[^/]+\/[^/]+\.webp$/);
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect((await sharp(await served.body()).metadata()).format).toBe("webp");

    await form.getByLabel("画像を選択").setInputFiles({
      name: "evil.png",
      mimeType: "image/png",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    const [refused] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/listener/mypage/setting") && r.request().method() === "POST",
      ),
      form.getByRole("button", { name: "画像を保存する" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(form.getByText("JPEG・PNG・WebP・GIF・AVIF形式の画像を選択してください")).toBeVisible();
    await expect(form.getByRole("img", { name: "現在のプロフィール画像" })).toHaveAttribute("src", src!);

    await form.getByRole("button", { name: "画像を削除する" }).click();
    await expect(page.getByText("プロフィール画像を削除しました")).toBeVisible();
    await expect(form.getByRole("img")).toHaveCount(0);
    expect((await page.request.get(src!)).status()).toBe(404);
  });

  test("changes the e-mail address after confirming it from the new address", async ({ page }) => {
    await logIn(page, email, PASSWORD);
    await page.goto("/listener/mypage/setting");
    const form = page.getByRole("region", { name: "メールアドレス変更" });
    await expect(form.getByText(email)).toBeVisible();

    // Wrong password: refused, the address kept, the password not echoed.
    await form.getByLabel("新しいメールアドレス").fill(newEmail);
    await form.getByLabel("現在のパスワード").fill("wrong-pass-000");
    await form.getByRole("button", { name: "確認メールを送信する" }).click();
    await expect(form.getByText("パスワードが間違っています").first()).toBeVisible();
    await expect(form.getByLabel("新しいメールアドレス")).toHaveValue(newEmail);
    await expect(form.getByLabel("現在のパスワード")).toHaveValue("");

    // The demo listener's address is taken.
    await form.getByLabel("新しいメールアドレス").fill("listener@demo.example");
    await form.getByLabel("現在のパスワード").fill(PASSWORD);
    await form.getByRole("button", { name: "確認メールを送信する" }).click();
    await expect(form.getByText("このメールアドレスは既に登録されているため").first()).toBeVisible();

    await form.getByLabel("新しいメールアドレス").fill(newEmail);
    await form.getByLabel("現在のパスワード").fill(PASSWORD);
    await form.getByRole("button", { name: "確認メールを送信する" }).click();
    await expect(page.getByText("新しいメールアドレスに確認メールを送信しました")).toBeVisible();
    // Nothing has changed yet.
    await expect(form.getByText(email)).toBeVisible();

    const mail = await waitForMail(newEmail, /メールアドレス/);
    await page.goto(linkTo(mail, "/listener/mypage/setting"));
    await expect(page).toHaveURL(/\/listener\/mypage\/setting\?done=email_changed$/);
    await expect(page.getByText("メールアドレスを変更しました")).toBeVisible();
    await expect(form.getByText(newEmail)).toBeVisible();

    await logOut(page);
    await logIn(page, email, PASSWORD);
    await expect(page.getByText("メールアドレスが間違っています")).toBeVisible();
    await logIn(page, newEmail, PASSWORD);
    await expect(page).toHaveURL(/\/listener\/mypage$/);
  });

  test("changes the password and stays signed in on this device", async ({ page }) => {
    await logIn(page, newEmail, PASSWORD);
    await page.goto("/listener/mypage/setting");
    const form = page.getByRole("region", { name: "パスワード変更" });

    await form.getByLabel("現在のパスワード").fill("wrong-pass-000");
    await form.locator('input[name="password"]').fill(NEW_PASSWORD);
    await form.getByLabel("新しいパスワード（確認）").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "パスワードを変更する" }).click();
    await expect(form.getByText("パスワードが間違っています").first()).toBeVisible();
    await expect(form.locator('input[name="password"]')).toHaveValue("");

    await form.getByLabel("現在のパスワード").fill(PASSWORD);
    await form.locator('input[name="password"]').fill(NEW_PASSWORD);
    await form.getByLabel("新しいパスワード（確認）").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "パスワードを変更する" }).click();
    await expect(page.getByText("パスワードを変更しました")).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/listener\/mypage\/setting\?done=password$/);

    await logOut(page);
    await logIn(page, newEmail, PASSWORD);
    await expect(page.getByText("パスワードが間違っています")).toBeVisible();
    await logIn(page, newEmail, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/listener\/mypage$/);
  });
});

test.describe("store and staff settings", () => {
  test("the store sees e-mail, password and mail settings; the staff only the password", async ({ page }) => {
    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill("store@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/liver\/mypage$/);
    await page.goto("/liver/mypage/setting");
    await expect(page.getByRole("region", { name: "メールアドレス変更" })).toBeVisible();
    await expect(page.getByRole("region", { name: "パスワード変更" })).toBeVisible();
    const mail = page.getByRole("region", { name: "メール通知設定" });
    await expect(mail.getByLabel("スタッフへのメッセージ通知")).toBeVisible();
    await expect(mail.getByLabel("スタッフへのアイテム通知")).toBeVisible();
    await expect(mail.getByLabel("運営からのお知らせ")).toBeVisible();
    // Plan and payout account (ADR 0037); the demo store's own values are only looked at here.
    const plan = page.getByRole("region", { name: "ご利用プラン" });
    await expect(plan.getByText(/現在のプラン：スタンダード/)).toBeVisible();
    await expect(plan.getByLabel(/^スタンダード/)).toBeChecked();
    await expect(page.getByRole("region", { name: "振込口座" }).getByLabel("口座名義（カナ）")).toBeVisible();
    await logOut(page);

    await page.goto("/staff/login");
    await page.getByLabel("ログインID").fill("demo-cast");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/mypage$/);
    await page.goto("/staff/mypage/setting");
    await expect(page.getByRole("region", { name: "パスワード変更" })).toBeVisible();
    await expect(page.getByRole("region", { name: "メールアドレス変更" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "メール通知設定" })).toHaveCount(0);
  });
});
