import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";
import { seriousViolations } from "../support/operator-console";
import { expectNoOverflow } from "../support/phone-layout";

const PASSWORD = "store-pass-2026";
const email = `e2e-store-${Date.now()}@example.com`;

test.describe.configure({ mode: "serial" });
// A narrow phone (docs/product.md "First steps"): the registration and its complete step fit it.
test.use({ viewport: { width: 390, height: 844 } });
// Refused forms answer 400 (ADR 0021); the browser logs that status for the form's request.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[03]/] });

test.describe("store registration", () => {
  test("bad input answers 400 with a message next to each field and keeps the values", async ({ page }) => {
    await page.goto("/liver/registration");
    await page.locator("#field-store_name").fill("Bar ルナ");
    await page.getByLabel("店舗名（フリガナ）").fill("LUNA");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/liver/registration") && r.request().method() === "POST"),
      page.getByRole("button", { name: "確認画面へ" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("form-error-summary")).toBeVisible();
    const kana = page.getByLabel("店舗名（フリガナ）");
    await expect(kana).toHaveAttribute("aria-invalid", "true");
    await expect(kana).toHaveValue("LUNA");
    await expect(page.locator("#field-store_name")).toHaveValue("Bar ルナ");
    await expect(page.getByText("全角カタカナで入力してください").first()).toBeVisible();
    await expect(page.getByText("店舗利用規約への同意が必要です").first()).toBeVisible();
    await expect(page.locator('input[name="agree"]')).toHaveAttribute("aria-invalid", "true");
    // 法人/個人 is asked with nothing chosen beforehand (ADR 0054).
    await expect(page.getByText("法人か個人かを選んでください").first()).toBeVisible();
    await expect(page.getByLabel("法人", { exact: true })).not.toBeChecked();
    await expect(page.getByLabel("個人（個人事業主）")).not.toBeChecked();
  });

  test("registers in three steps, verifies by mail (a resend from the complete step) and signs in at the store login to a dashboard that leads with the setup", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/liver/registration");
    await page.locator("#field-store_name").fill("Girls Bar ルナ");
    // Hiragana becomes katakana when the field is left.
    await page.getByLabel("店舗名（フリガナ）").fill("がーるずばー　るな");
    await page.getByLabel("業種").selectOption("girls_bar");
    await expect(page.getByText("源泉徴収税（10.21%）は個人のお店への振込にだけかかり")).toBeVisible();
    await page.getByLabel("個人（個人事業主）").check();
    await page.getByLabel("電話番号").fill("0312345678");
    await expect(page.getByLabel("電話番号")).toHaveValue("03-1234-5678");
    await expect(page.getByLabel("店舗名（フリガナ）")).toHaveValue("ガールズバー　ルナ");

    // The postal code fills the address and presets the region, the prefecture and the area.
    await page.getByLabel("郵便番号").fill("1600021");
    await expect(page.locator("#field-address")).toHaveValue("東京都新宿区歌舞伎町");
    await expect(page.getByLabel("地方")).toHaveValue("kanto");
    await expect(page.getByLabel("都道府県")).toHaveValue("tokyo");
    await expect(page.locator("#field-area")).toHaveValue("kabukicho");
    await expectNoOverflow(page);
    await page.locator("#field-address").fill("東京都新宿区歌舞伎町1-2-3");
    await page.getByLabel("建物名・部屋番号").fill("ヨルナビビル 5F");

    await page.getByLabel("地方").selectOption("kanto");
    await page.getByLabel("都道府県").selectOption("tokyo");
    await page.getByLabel("エリアグループ").selectOption("shinjuku");
    await page.locator("#field-area").selectOption("kabukicho");
    await page.getByLabel("詳細エリア").selectOption("kabukicho-1");

    await page.getByLabel("開始").selectOption("20:00");
    await page.getByLabel("終了").selectOption("LAST");

    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByLabel(/^スタンダード/).check();
    await page.getByLabel(/利用規約（店舗向け）に同意する/).check();
    await page.getByRole("button", { name: "確認画面へ" }).click();

    await expect(page).toHaveURL(/\/liver\/registration\/confirm$/);
    await expect(page.getByRole("heading", { name: "入力内容の確認" })).toBeVisible();
    for (const text of [
      "Girls Bar ルナ",
      "ガールズバー　ルナ",
      "ガールズバー",
      "個人",
      "03-1234-5678",
      "〒160-0021",
      "東京都新宿区歌舞伎町1-2-3",
      "ヨルナビビル 5F",
      "東京都 歌舞伎町 一丁目（新宿）",
      "LAST（閉店まで）",
      email,
      "スタンダード",
      "月額 ¥29,800（税込）・キャスト15名まで",
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    expect(await page.content()).not.toContain(PASSWORD);

    // 戻る keeps what was entered; the passwords may stay blank to keep the ones given.
    await page.getByRole("button", { name: "戻る" }).click();
    await expect(page).toHaveURL(/\/liver\/registration$/);
    await expect(page.locator("#field-store_name")).toHaveValue("Girls Bar ルナ");
    await expect(page.getByLabel("電話番号")).toHaveValue("03-1234-5678");
    await expect(page.getByLabel("郵便番号")).toHaveValue("160-0021");
    await expect(page.locator("#field-address")).toHaveValue("東京都新宿区歌舞伎町1-2-3");
    await expect(page.getByLabel("詳細エリア")).toHaveValue("kabukicho-1");
    await expect(page.getByLabel("エリアグループ")).toHaveValue("shinjuku");
    await expect(page.getByLabel("終了")).toHaveValue("LAST");
    await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
    await expect(page.getByLabel(/^スタンダード/)).toBeChecked();
    await expect(page.getByLabel("個人（個人事業主）")).toBeChecked();
    await expect(page.getByLabel(/利用規約（店舗向け）に同意する/)).toBeChecked();
    await expect(page.locator('input[name="password"]')).toHaveValue("");
    await page.getByRole("button", { name: "確認画面へ" }).click();

    await expect(page).toHaveURL(/\/liver\/registration\/confirm$/);
    await page.getByRole("button", { name: "この内容で登録する" }).click();
    await expect(page).toHaveURL(/\/liver\/registration\/complete$/);
    await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();
    await expect(page.getByTestId("registration-email")).toHaveText(email);
    await expect(page.getByText(/店舗ログイン画面が開きます/)).toBeVisible();
    // The complete step resends the mail to the address it shows.
    await waitForMail(email, /メールアドレスの確認/);
    await page.getByRole("button", { name: "確認メールを再送信" }).click();
    await expect(page.getByText("確認メールを再送信しました")).toBeVisible();
    const resent = await waitForMail(email, /メールアドレスの確認/, 1);
    await expectNoOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Not before the address is verified.
    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page.getByText("メールアドレスの認証が完了していません")).toBeVisible();

    await page.goto(linkTo(resent, "/liver/login"));
    await expect(page).toHaveURL(/\/liver\/login\?verified=1$/);
    await expect(page.getByText("メールアドレスの確認が完了しました")).toBeVisible();

    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/liver\/mypage$/);
    // A new store's dashboard leads with its setup.
    const setup = page.getByTestId("setup-checklist");
    await expect(setup).toBeVisible();
    const setupTop = (await setup.boundingBox())!.y;
    for (const after of [page.getByTestId("broadcaster-panel"), page.getByTestId("dashboard-stats")]) {
      if ((await after.count()) === 0) continue;
      expect(setupTop).toBeLessThan((await after.boundingBox())!.y);
    }
  });

  test("the same address cannot register a second store", async ({ page }) => {
    await page.goto("/liver/registration");
    await page.locator("#field-store_name").fill("Bar ソル");
    await page.getByLabel("店舗名（フリガナ）").fill("バーソル");
    await page.getByLabel("法人", { exact: true }).check();
    await page.getByLabel("電話番号").fill("0612345678");
    await page.getByLabel("郵便番号").fill("530-0001");
    await page.locator("#field-address").fill("大阪府大阪市北区梅田1-1");
    await page.getByLabel("地方").selectOption("kansai");
    await page.getByLabel("都道府県").selectOption("osaka");
    await page.locator("#field-area").selectOption("umeda");
    await page.getByLabel("開始").selectOption("19:00");
    await page.getByLabel("終了").selectOption("01:00");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByLabel(/^ライト/).check();
    await page.getByLabel(/利用規約（店舗向け）に同意する/).check();
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await expect(page).toHaveURL(/\/liver\/registration\/confirm$/);
    await page.getByRole("button", { name: "この内容で登録する" }).click();
    await expect(
      page.getByText("このメールアドレスは既に登録されているため、アカウントを作成できませんでした。"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/liver\/registration\/confirm$/);
  });
});
