import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";

const PASSWORD = "yoru-pass-2026";
const email = `e2e-${Date.now()}@example.com`;

test.describe.configure({ mode: "serial" });
// Refused forms answer 400 (ADR 0021); the browser logs that status for the form's request.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[03]/] });

test.describe("listener account", () => {
  test("bad input answers 400 with a message next to each field and keeps the values", async ({ page }) => {
    await page.goto("/listener/registration");
    await page.getByLabel("メールアドレス").fill("not-an-address");
    await page.getByLabel("ニックネーム").fill("<script>x</script>");
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/listener/registration") && r.request().method() === "POST",
      ),
      page.getByRole("button", { name: "確認画面へ" }).click(),
    ]);
    expect(response.status()).toBe(400);
    const emailInput = page.getByLabel("メールアドレス");
    await expect(emailInput).toHaveAttribute("aria-invalid", "true");
    await expect(emailInput).toHaveValue("not-an-address");
    await expect(page.getByText("正しいメールアドレスを入力してください").first()).toBeVisible();
    await expect(page.getByLabel("ニックネーム")).toHaveValue("<script>x</script>");
    await expect(page.locator('input[name="password"]')).toHaveValue("");
  });

  test("registers in three steps, cannot sign in before verifying, verifies by mail, lands on from, logs out", async ({
    page,
  }) => {
    await page.goto("/listener/registration");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByLabel("ニックネーム").fill("よるたろう");
    await page.getByRole("button", { name: "確認画面へ" }).click();

    await expect(page).toHaveURL(/\/listener\/registration\/confirm$/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("よるたろう")).toBeVisible();
    expect(await page.content()).not.toContain(PASSWORD);

    // 戻る keeps what was entered; the password may stay blank to keep the one given.
    await page.getByRole("button", { name: "戻る" }).click();
    await expect(page).toHaveURL(/\/listener\/registration$/);
    await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
    await expect(page.getByLabel("ニックネーム")).toHaveValue("よるたろう");
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await page.getByRole("button", { name: "この内容で登録する" }).click();
    await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();

    const from = "/listener/mypage?tab=follow";
    await page.goto(`/listener/login?from=${encodeURIComponent(from)}`);
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page.getByText("メールアドレスの認証が完了していません")).toBeVisible();
    await expect(page.getByRole("button", { name: "認証メールを再送信" })).toBeVisible();

    const mail = await waitForMail(email, /メールアドレスの確認/);
    expect(mail.from.name).toBe("ヨルナビ");
    await page.goto(linkTo(mail, "/listener/login"));
    await expect(page).toHaveURL(/\/listener\/login\?verified=1$/);
    await expect(page.getByText("メールアドレスの確認が完了しました")).toBeVisible();

    await page.goto(`/listener/login?from=${encodeURIComponent(from)}`);
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/listener\/mypage\?tab=follow$/);
    await expect(page.getByTestId("header-mypage")).toContainText("よるたろう");

    await page.getByRole("button", { name: "ログアウト" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByText("ログイン", { exact: true })).toBeVisible();
    await expect(page.getByTestId("header-mypage")).toHaveCount(0);
    await page.goto("/listener/mypage");
    await expect(page).toHaveURL(/\/listener\/login\?from=%2Flistener%2Fmypage$/);
  });

  test("resets the password with a single-use link", async ({ page }) => {
    await page.goto("/listener/reset");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByRole("button", { name: "再設定メールを送る" }).click();
    await expect(page.getByText("再設定用のメールをお送りしました")).toBeVisible();

    const mail = await waitForMail(email, /パスワード再設定/);
    const link = linkTo(mail, "/listener/reset");
    await page.goto(link);
    await page.locator('input[name="password"]').fill("another-pass-77");
    await page.locator('input[name="password_confirmation"]').fill("another-pass-77");
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page.getByRole("heading", { name: "パスワードを再設定しました" })).toBeVisible();

    // The same link a second time is refused.
    await page.goto(link);
    await page.locator('input[name="password"]').fill("third-pass-777");
    await page.locator('input[name="password_confirmation"]').fill("third-pass-777");
    await page.getByRole("button", { name: "パスワードを設定する" }).click();
    await expect(page.getByText("このリンクは無効か、有効期限（1時間）が切れています").first()).toBeVisible();

    await page.goto("/listener/login");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill("another-pass-77");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/listener\/mypage$/);
  });

  test("the store and staff demo accounts sign in at their own login pages only", async ({ page }) => {
    await page.goto("/staff/login");
    await page.getByLabel("ログインID").fill("demo-cast");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/mypage$/);
    await page.getByRole("button", { name: "ログアウト" }).click();
    // The sign-out lands before the next page: leaving mid-way cut the account's stream, whose
    // reconnect then met the ended session (a 401 in the console).
    await expect(page.getByTestId("header-mypage")).toHaveCount(0);

    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill("listener@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page.getByText("メールアドレスが間違っています")).toBeVisible();
  });
});
