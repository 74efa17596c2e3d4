import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";

// The demo store (standard plan: room for more staff) invites a performer, who registers through
// the link in her own browser and signs in by login ID.
const stamp = Date.now().toString(36);
const CAST = { name: "さくら", kana: "さくら", loginId: `Sakura_${stamp}`, password: "cast-pass-2026" };

test.describe.configure({ mode: "serial" });
test.use({ allowedConsoleErrors: [/the server responded with a status of 40\d/] });

let inviteUrl = "";

async function performerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

test.describe("staff invitation", () => {
  test("the store issues an invitation link from its staff page", async ({ page }) => {
    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill("store@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await Promise.all([
      page.waitForURL(/\/liver\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
    await page.goto("/liver/mypage/staff");
    const card = page.getByTestId("invitations");
    await card.getByLabel("メモ（誰に送ったか）").fill(`さくらさん ${stamp}`);
    await card.getByRole("button", { name: "招待リンクを発行" }).click();
    const link = page.getByTestId("issued-invitation").getByLabel("招待リンク");
    inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(/\/staff\/registration\?invite=[A-Za-z0-9_-]{43}$/);
    await expect(card.getByText(`さくらさん ${stamp}`)).toBeVisible();
  });

  test("the performer registers in three steps (戻る keeps the values) and signs in by login ID", async ({
    browser,
  }) => {
    const page = await performerPage(browser);
    await page.goto(inviteUrl);
    await expect(page.getByText("Velvetからの招待です")).toBeVisible();

    // Hiragana in the reading becomes katakana when the field is left.
    await page.getByLabel(/^フリガナ/).fill(CAST.kana);
    await page.getByLabel(/^ログインID/).click();
    await expect(page.getByLabel(/^フリガナ/)).toHaveValue("サクラ");

    // Bad input: 400, the server's message next to each field, values kept (what the answer
    // carries back, never the password, is checked on the action: tests/integration/staff-invitations).
    await page.getByLabel(/^名前（源氏名）/).fill(CAST.name);
    await page.getByLabel(/^フリガナ/).fill("sakura");
    await page.getByLabel(/^ログインID/).fill("ab");
    await page.locator('input[name="password"]').fill("ｐａｓｓ");
    await page.locator('input[name="password_confirmation"]').fill("ｐａｓｓ");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/staff/registration") && r.request().method() === "POST"),
      page.getByRole("button", { name: "確認画面へ" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.locator("#field-name_kana-error")).toHaveText(/全角カタカナで入力してください/);
    await expect(page.locator("#field-login_id-error")).toHaveText(/ログインIDは4〜30文字/);
    await expect(page.locator("#field-password-error")).toHaveText(/全角文字は使用できません/);
    await expect(page.getByLabel(/^名前（源氏名）/)).toHaveValue(CAST.name);

    await page.getByLabel(/^フリガナ/).fill(CAST.kana);
    await page.getByLabel(/^ログインID/).click();
    await expect(page.getByLabel(/^フリガナ/)).toHaveValue("サクラ");
    await page.getByLabel(/^ログインID/).fill(CAST.loginId);
    await page.locator('input[name="password"]').fill(CAST.password);
    await page.locator('input[name="password_confirmation"]').fill(CAST.password);
    await page.getByRole("button", { name: "確認画面へ" }).click();

    await expect(page).toHaveURL(/\/staff\/registration\/confirm$/);
    await expect(page.getByText(CAST.loginId)).toBeVisible();
    await expect(page.getByText(CAST.password)).toHaveCount(0);
    await page.getByRole("link", { name: "戻る" }).click();
    await expect(page.getByLabel(/^ログインID/)).toHaveValue(CAST.loginId);
    await expect(page.getByLabel(/^フリガナ/)).toHaveValue("サクラ");
    // The password was kept: left blank, the confirm step still has it.
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await page.getByRole("button", { name: "この内容で登録する" }).click();
    await expect(page.getByRole("heading", { name: "登録が完了しました" })).toBeVisible();
    await expect(page.getByText(CAST.loginId)).toBeVisible();

    // Signs in by login ID in any letter case and lands on the staff home.
    await page.getByRole("link", { name: "ログイン画面へ" }).click();
    await page.getByLabel("ログインID").fill(CAST.loginId.toUpperCase());
    await page.locator('input[name="password"]').fill(CAST.password);
    await Promise.all([
      page.waitForURL(/\/staff\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
    await expect(page.getByTestId("mypage-name")).toHaveText(CAST.name);
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.context().close();
  });

  test("the link is spent: opening it again says so, and the store sees who registered", async ({
    browser,
    page,
  }) => {
    const performer = await performerPage(browser);
    await performer.goto(inviteUrl);
    await expect(performer.getByText("この招待リンクは既に使用されています")).toBeVisible();
    await expect(performer.getByRole("button", { name: "確認画面へ" })).toHaveCount(0);
    await performer.context().close();

    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill("store@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await Promise.all([
      page.waitForURL(/\/liver\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
    await page.goto("/liver/mypage/staff");
    await expect(page.getByTestId("invitations").getByText(`${CAST.name}さんが登録`)).toBeVisible();
  });
});
