import type { Page } from "@playwright/test";
import sharp from "sharp";
import { dayLabel } from "~/domain/shifts";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";
import { savedSessions } from "../support/sessions";

// A store of its own on the light plan (3 staff), so the demo accounts keep what other specs rely
// on; the staff member it creates then runs their own profile and shifts.
const stamp = Date.now().toString(36);
const email = `e2e-back-office-${stamp}@example.com`;
const PASSWORD = "store-pass-2026";
const CAST = { name: "みお", kana: "ミオ", loginId: `mio_${stamp}`, password: "cast-pass-2026" };

test.describe.configure({ mode: "serial" });
// Refused forms answer 400 (ADR 0021); the browser logs that status for the form's request.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40\d/] });

async function submit(page: Page, button: string | RegExp, path: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(path) && r.request().method() === "POST"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return response;
}

const sessions = savedSessions();

/** The first sign-in of an account through its login form, later ones with its saved session. */
async function logIn(page: Page, role: "liver" | "staff", identifier: string, password: string) {
  await sessions.signIn(page, `${role}:${identifier}`, `/${role}/mypage`, async () => {
    await page.goto(`/${role}/login`);
    await page.getByLabel(role === "liver" ? "メールアドレス" : "ログインID").fill(identifier);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([
      page.waitForURL(new RegExp(`/${role}/mypage$`)),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
  });
}

test.describe("store back office", () => {
  test("a new store on the light plan registers and verifies", async ({ page }) => {
    await page.goto("/liver/registration");
    await page.locator("#field-store_name").fill("ガールズバー E2E");
    await page.getByLabel("店舗名（フリガナ）").fill("ガールズバー　イーツーイー");
    await page.getByLabel("法人", { exact: true }).check();
    await page.getByLabel("電話番号").fill("0312345678");
    await page.getByLabel("郵便番号").fill("1600021");
    await expect(page.locator("#field-address")).toHaveValue("東京都新宿区歌舞伎町");
    await page.locator("#field-address").fill("東京都新宿区歌舞伎町1-2-3");
    await page.getByLabel("地方").selectOption("kanto");
    await page.getByLabel("都道府県").selectOption("tokyo");
    await page.locator("#field-area").selectOption("kabukicho");
    await page.getByLabel("開始").selectOption("20:00");
    await page.getByLabel("終了").selectOption("LAST");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await page.getByLabel(/^ライト/).check();
    await page.getByLabel(/利用規約（店舗向け）に同意する/).check();
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await page.getByRole("button", { name: "この内容で登録する" }).click();
    await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();
    const mail = await waitForMail(email, /メールアドレスの確認/);
    await page.goto(linkTo(mail, "/liver/login"));
    await expect(page.getByText("メールアドレスの確認が完了しました")).toBeVisible();
  });

  test("edits the store profile with a picture", async ({ page }) => {
    await logIn(page, "liver", email, PASSWORD);
    await expect(page.getByTestId("dashboard-stats")).toContainText("0 / 3名");
    await page
      .getByRole("navigation", { name: "マイページ" })
      .getByRole("link", { name: "店舗情報" })
      .click();
    await expect(page).toHaveURL(/\/liver\/mypage\/profile$/);

    // A bad slug is refused with 400 and its message; what was typed stays.
    await page.getByLabel("店舗ページのURL").fill("Bad Slug");
    const refused = await submit(page, "店舗情報を保存する", "/liver/mypage/profile");
    expect(refused.status()).toBe(400);
    await expect(page.getByLabel("店舗ページのURL")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("店舗ページのURL")).toHaveValue("Bad Slug");

    await page.getByLabel("店舗ページのURL").fill(`girls-bar-${stamp}`);
    await page.locator("#field-store_name").fill("ガールズバー E2E 本店");
    // Choosing a group clears the area below it (docs/product.md cascade): the area is chosen again.
    await page.getByLabel("エリアグループ").selectOption("shinjuku");
    await expect(page.locator("#field-area")).toHaveValue("");
    await page.locator("#field-area").selectOption("kabukicho");
    await page.getByLabel("詳細エリア").selectOption("kabukicho-1");
    await page.getByLabel("日曜", { exact: true }).check();
    await page.getByLabel("カード利用可").check();
    await page.getByLabel("格安・リーズナブル").check();
    await page.getByRole("button", { name: "店舗情報を保存する" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("店舗情報を保存しました");
    await expect(page.locator("#field-store_name")).toHaveValue("ガールズバー E2E 本店");
    await expect(page.getByLabel("カード利用可")).toBeChecked();
    await expect(page.getByLabel("詳細エリア")).toHaveValue("kabukicho-1");

    // A picture: uploaded, re-encoded as WebP, shown as the cover; then a second one made the cover.
    const gallery = page.getByTestId("gallery");
    for (const colour of ["#d81b60", "#2563eb"]) {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
        .png()
        .toBuffer();
      await gallery
        .locator('input[name="image"]')
        .setInputFiles({ name: "store.png", mimeType: "image/png", buffer: png });
      await gallery.getByRole("button", { name: "アップロード" }).click();
      await expect(page.getByTestId("flash-message")).toHaveText("画像を追加しました");
    }
    const pictures = gallery.locator("li img");
    await expect(pictures).toHaveCount(2);
    const second = await pictures.nth(1).getAttribute("src");
    expect(second).toMatch(/^\/uploads\/livers\/[^/]+\/[A-Za-z0-9_-]+\.webp$/);
    expect((await page.request.get(second!)).headers()["content-type"]).toContain("image/webp");
    await gallery.getByRole("button", { name: "メインにする（2枚目）" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("画像の並び順を変更しました");
    await expect(pictures.first()).toHaveAttribute("src", second!);
    // A file that is not a picture is refused next to the upload.
    await gallery.locator('input[name="image"]').setInputFiles({
      name: "evil.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
    });
    await gallery.getByRole("button", { name: "アップロード" }).click();
    await expect(gallery.getByText("JPEG・PNG・WebP・GIF・AVIF形式の画像を選択してください")).toBeVisible();
    await expect(pictures).toHaveCount(2);
  });

  test("sets a price system and sees the table customers will see", async ({ page }) => {
    await logIn(page, "liver", email, PASSWORD);
    await page.goto("/liver/mypage/price");
    await page.locator("#field-sets-0-start_time").selectOption("20:00");
    await page.locator("#field-sets-0-end_time").selectOption("21:00");
    await page.locator("#field-sets-0-price").fill("4,000");
    await page.getByRole("button", { name: "＋ セットを追加" }).click();
    await page.locator("#field-sets-1-start_time").selectOption("21:00");
    await page.locator("#field-sets-1-end_time").selectOption("LAST");
    await page.locator("#field-sets-1-minutes").fill("60");
    await page.locator("#field-sets-1-price").fill("５０００");
    await page.getByLabel("指名料", { exact: true }).fill("1000");
    await page.getByLabel("サービス料").fill("20");
    await page.getByLabel("消費税（TAX）").fill("10");
    await page.getByRole("button", { name: "＋ ドリンクを追加" }).click();
    await page.locator("#field-drinks-0-name").fill("キャストドリンク");
    await page.locator("#field-drinks-0-price").fill("1000");
    await page.getByLabel("現金", { exact: true }).check();
    await page.getByLabel("クレジットカード", { exact: true }).check();
    await page.getByRole("button", { name: "料金システムを保存する" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("料金システムを保存しました");
    const table = page.getByTestId("price-system");
    for (const text of [
      "20:00〜21:00",
      "21:00〜LAST",
      "¥4,000",
      "¥5,000",
      "指名料",
      "キャストドリンク",
      "クレジットカード",
    ]) {
      await expect(table.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(table.getByText("表示料金とは別にサービス料20%・消費税10%がかかります")).toBeVisible();
  });

  test("creates staff up to the plan's limit and is refused one beyond it", async ({ page }) => {
    await logIn(page, "liver", email, PASSWORD);
    await page.goto("/liver/mypage/staff");
    await expect(page.getByText("キャストはまだ登録されていません")).toBeVisible();
    const casts = [
      CAST,
      { ...CAST, name: "ゆい", kana: "ユイ", loginId: `yui_${stamp}` },
      { ...CAST, name: "さき", kana: "サキ", loginId: `saki_${stamp}` },
    ];
    for (const [index, cast] of casts.entries()) {
      await page.goto("/liver/mypage/staff/create");
      await page.getByLabel("名前（源氏名）").fill(cast.name);
      await page.getByLabel("フリガナ").fill(cast.kana);
      await page.getByLabel("ログインID").fill(index === 0 ? "ab" : cast.loginId);
      await page.locator('input[name="password"]').fill(cast.password);
      await page.locator('input[name="password_confirmation"]').fill(cast.password);
      if (index === 0) {
        // A login ID that is too short: 400, message at the field, nothing created.
        const refused = await submit(page, "キャストを登録する", "/liver/mypage/staff/create");
        expect(refused.status()).toBe(400);
        await expect(
          page.getByText("ログインIDは4〜30文字の半角英数字と _ . - で入力してください").first(),
        ).toBeVisible();
        await page.getByLabel("ログインID").fill(cast.loginId);
        await page.locator('input[name="password"]').fill(cast.password);
        await page.locator('input[name="password_confirmation"]').fill(cast.password);
      }
      await page.getByRole("button", { name: "キャストを登録する" }).click();
      await expect(page).toHaveURL(/\/liver\/mypage\/staff\/[^/]+\?done=created$/);
      await expect(page.getByRole("heading", { name: cast.name, level: 1 })).toBeVisible();
    }
    await page.goto("/liver/mypage/staff");
    await expect(page.getByTestId("staff-row")).toHaveCount(3);
    await expect(page.getByText("登録できるスタッフ数の上限に達しています")).toBeVisible();
    await expect(page.getByRole("link", { name: /キャストを登録/ })).toHaveCount(0);
    // One beyond: the creation page refuses with the contract's message.
    await page.goto("/liver/mypage/staff/create");
    await expect(page.getByText("登録できるスタッフ数の上限に達しています")).toBeVisible();
    await expect(page.getByRole("button", { name: "キャストを登録する" })).toHaveCount(0);
  });

  test("toggles display and deletes a staff member; the activity log tells", async ({ page }) => {
    await logIn(page, "liver", email, PASSWORD);
    await page.goto("/liver/mypage/staff");
    // The public list of the store's staff, as customers get it (ADR 0020).
    const { account } = await (await page.request.get("/api/me")).json();
    const publicNames = async () => {
      const response = await page.request.get(`/api/staffs?liverIds=${account.uid}&pageSize=100`);
      expect(response.status()).toBe(200);
      return ((await response.json()).items as { name: string }[]).map((s) => s.name).sort();
    };
    expect(await publicNames()).toContain("ゆい");

    const yui = page.getByTestId("staff-row").filter({ hasText: "ゆい" });
    await yui.getByRole("button", { name: "非表示にする（ゆい）" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("キャストを非表示にしました");
    await expect(yui.getByText("非表示中")).toBeVisible();
    const log = page.getByTestId("activity-log");
    await expect(log.getByText("「ゆい」の表示を「非表示」に変更しました")).toBeVisible();
    expect(await publicNames()).not.toContain("ゆい");

    const saki = page.getByTestId("staff-row").filter({ hasText: "さき" });
    await saki.locator("summary", { hasText: "その他" }).click();
    await saki.getByRole("button", { name: "「さき」を削除する" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("キャストを削除しました");
    await expect(page.getByTestId("staff-row")).toHaveCount(2);
    await expect(log.getByText("「さき」を削除しました")).toBeVisible();
    // A place is free again.
    await expect(page.getByRole("link", { name: /キャストを登録/ })).toBeVisible();
  });

  test("sets the payout account and books a plan change for next month", async ({ page }) => {
    await logIn(page, "liver", email, PASSWORD);
    await page.goto("/liver/mypage/setting");
    const bank = page.getByRole("region", { name: "振込口座" });
    await bank.getByLabel("口座名義（カナ）").fill("がーるずばー");
    // Bank and branch from the Zengin data (ADR 0054), chosen in the comboboxes.
    await bank.getByRole("combobox", { name: "金融機関" }).fill("みずほ");
    await bank.getByRole("option", { name: /^みずほ\s*0001/ }).click();
    await bank.getByRole("combobox", { name: "支店" }).fill("123");
    await bank.getByRole("option", { name: /^戸越/ }).click();
    await bank.getByLabel("口座番号").fill("1234567");
    await expect(bank.getByLabel("普通")).toBeChecked();
    await bank.getByLabel("現在のパスワード").fill(PASSWORD);
    await bank.getByRole("button", { name: "振込口座を保存する" }).click();
    await expect(page.getByText("振込口座を保存しました")).toBeVisible();
    await expect(page.getByRole("region", { name: "振込口座" }).getByLabel("口座名義（カナ）")).toHaveValue(
      "ガールズバー",
    );
    await expect(page.getByTestId("bank-account-current")).toContainText("みずほ（0001）");
    await expect(page.getByTestId("bank-account-current")).toContainText("戸越（123）");

    const plan = page.getByRole("region", { name: "ご利用プラン" });
    await plan.getByLabel(/^スタンダード/).check();
    await plan.getByRole("button", { name: "プランを変更する" }).click();
    await expect(page.getByText("次回の更新日からのプラン変更を受け付けました")).toBeVisible();
    await expect(page.getByText("次回の更新日から「スタンダード」に変更されます。")).toBeVisible();
  });
});

test.describe("staff self-service", () => {
  test("signs in by login_id, fills the profile and matching answers, hides the age", async ({ page }) => {
    await logIn(page, "staff", CAST.loginId, CAST.password);
    await expect(page.getByTestId("mypage-name")).toHaveText(CAST.name);
    await page
      .getByRole("navigation", { name: "マイページ" })
      .getByRole("link", { name: "プロフィール" })
      .click();
    await expect(page).toHaveURL(/\/staff\/mypage\/profile$/);

    await page.locator("#field-age").selectOption("23");
    await page.locator("#field-height").selectOption("158");
    await page.locator("#field-blood_type").selectOption("A");
    await page.locator("#field-alcohol_type").selectOption("strong");
    await page.getByLabel("自己紹介").fill("歌舞伎町のガールズバーで働いています。カラオケが好きです！");
    await page.getByLabel("Instagram ユーザーネーム").fill("@mio");
    const refused = await submit(page, "プロフィールを保存する", "/staff/mypage/profile");
    expect(refused.status()).toBe(400);
    await expect(page.getByText("先頭に@を付けずに入力してください").first()).toBeVisible();
    await expect(page.getByLabel("自己紹介")).toHaveValue(/カラオケが好きです/);

    await page.getByLabel("Instagram ユーザーネーム").fill(`mio_${stamp}`);
    await page.getByRole("group", { name: "犬派？猫派？" }).getByLabel("猫派").check();
    await page.getByRole("group", { name: "夏派？冬派？" }).getByLabel("冬派").check();
    await page.getByRole("group", { name: "楽観的？慎重？" }).getByLabel("慎重").check();
    await expect(page.getByLabel("年齢を公開")).toBeChecked();
    await page.getByLabel("年齢を公開").uncheck();
    await page.getByRole("button", { name: "プロフィールを保存する" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("プロフィールを保存しました");

    await page.reload();
    await expect(page.locator("#field-age")).toHaveValue("23");
    await expect(page.getByLabel("年齢を公開")).not.toBeChecked();
    await expect(page.getByLabel("身長を公開")).toBeChecked();
    await expect(page.getByRole("group", { name: "犬派？猫派？" }).getByLabel("猫派")).toBeChecked();
    await expect(page.getByRole("group", { name: "楽観的？慎重？" }).getByLabel("慎重")).toBeChecked();
    await expect(page.getByLabel("Instagram ユーザーネーム")).toHaveValue(`mio_${stamp}`);

    // The public answer leaves the hidden age out, and keeps what is still published.
    const { account } = await (await page.request.get("/api/me")).json();
    const response = await page.request.get(`/api/staffs/${account.uid}`);
    expect(response.status()).toBe(200);
    const published = await response.json();
    expect(published).not.toHaveProperty("age");
    expect(published).toMatchObject({ name: CAST.name, height: 158, blood_type: "A" });
  });

  test("sets shifts for next week, one past midnight", async ({ page }) => {
    await logIn(page, "staff", CAST.loginId, CAST.password);
    await page.goto("/staff/mypage/schedule");
    const days = page.getByTestId("schedule-day");
    // The week view starts today (ADR 0059), not on the week's first day.
    await expect(days.first().getByText("今日", { exact: true })).toBeVisible();
    const today = await days.first().getAttribute("data-date");
    await page.getByRole("link", { name: "次の週" }).click();
    await expect(page).toHaveURL(/week=1$/);
    // The URL moves before the new week is rendered: wait for the days themselves to change.
    await expect(days.first()).not.toHaveAttribute("data-date", today!);
    await expect(days).toHaveCount(7);
    const second = days.nth(1);
    const fourth = days.nth(3);
    const secondDate = await second.getAttribute("data-date");

    // End choices start at the start and run on past midnight; LAST is chosen when the end no longer fits.
    await second.locator("select").first().selectOption("20:00");
    await expect(second.locator("select").nth(1)).toHaveValue("LAST");
    await expect(
      second
        .locator("select")
        .nth(1)
        .locator("option", { hasText: /^19:50$/ }),
    ).toHaveCount(0);
    await second.locator("select").nth(1).selectOption({ label: "翌1:00" });
    await fourth.locator("select").first().selectOption("OPEN");
    await fourth.locator("select").nth(1).selectOption("23:00");
    await page.getByRole("button", { name: "この週の出勤を保存する" }).click();
    await expect(page.getByTestId("flash-message")).toHaveText("出勤予定を保存しました");
    await expect(second.getByText("20:00〜翌1:00")).toBeVisible();
    await expect(fourth.getByText("OPEN〜23:00")).toBeVisible();
    await expect(days.nth(0).locator("span", { hasText: "休み" })).toBeVisible();

    // The month of that day shows it, and the store sees the same shifts.
    // The month of today's business date (05:00–05:00 Tokyo, ADR 0010).
    const thisMonth = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 7);
    await page.goto(
      `/staff/mypage/schedule?view=month&month=${secondDate?.slice(0, 7) === thisMonth ? 0 : 1}`,
    );
    await expect(
      page.getByTestId("schedule").getByRole("link", { name: `${dayLabel(secondDate!)} 20:00〜翌1:00` }),
    ).toBeVisible();
    await page.getByRole("button", { name: "ログアウト" }).click();
    sessions.forget(`staff:${CAST.loginId}`);
    // The sign-out lands before the next page: leaving mid-way cut the account's stream, whose
    // reconnect then met the ended session (a 401 in the console).
    await expect(page.getByTestId("header-mypage")).toHaveCount(0);

    await logIn(page, "liver", email, PASSWORD);
    await page.goto("/liver/mypage/staff");
    await page
      .getByTestId("staff-row")
      .filter({ hasText: CAST.name })
      .getByRole("link", { name: /出勤/ })
      .click();
    await page.getByRole("link", { name: "次の週" }).click();
    await expect(page.getByTestId("schedule-day").nth(1).getByText("20:00〜翌1:00")).toBeVisible();
  });
});
