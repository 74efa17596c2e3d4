import { expect, test } from "../fixtures";
import { waitForMail } from "../support/mailbox";

// The operator address of the e2e server: the development default of OPERATOR_EMAIL.
const OPERATOR = "operator@example.com";

// Refused forms answer 400 (ADR 0021); the browser logs that status for the form's request.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test.describe("contact and listing request", () => {
  test("a contact message goes through input, confirm (戻る keeps the values) and complete; both mails arrive", async ({
    page,
  }) => {
    const email = `contact-${Date.now()}@example.com`;
    const message = "相性診断の結果が表示されません。\n2行目の説明です。";
    await page.goto("/contact");
    await page.getByLabel("お名前").fill("山田 太郎");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByLabel("お問い合わせの種類").selectOption({ label: "サービスの使い方について" });
    await page.getByLabel("お問い合わせ内容").fill(message);
    await page.getByRole("button", { name: "確認画面へ" }).click();

    await expect(page).toHaveURL(/\/contact\/confirm$/);
    const entry = page.getByTestId("contact-confirm");
    await expect(entry).toContainText("山田 太郎");
    await expect(entry).toContainText(email);
    await expect(entry).toContainText("サービスの使い方について");
    await expect(entry).toContainText("2行目の説明です。");

    await page.getByRole("button", { name: "戻る" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("お名前")).toHaveValue("山田 太郎");
    await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
    await expect(page.getByLabel("お問い合わせの種類")).toHaveValue("usage");
    await expect(page.getByLabel("お問い合わせ内容")).toHaveValue(message);

    await page.getByRole("button", { name: "確認画面へ" }).click();
    await expect(page).toHaveURL(/\/contact\/confirm$/);
    await page.getByRole("button", { name: "この内容で送信する" }).click();
    await expect(page).toHaveURL(/\/contact\/complete$/);
    await expect(page.getByRole("heading", { name: "お問い合わせを受け付けました" })).toBeVisible();
    await expect(page.getByText(`${email}宛てに、受付確認の自動返信メールをお送りしました。`)).toBeVisible();

    const reply = await waitForMail(email, /お問い合わせを受け付けました/);
    expect(reply.from.name).toBe("ヨルナビ");
    expect(reply.text).toContain("受付番号");
    expect(reply.text).not.toContain("2行目の説明です。");
    const notice = await waitForMail(OPERATOR, /お問い合わせ：サービスの使い方について（山田 太郎 様）/);
    expect(notice.text).toContain(email);
    expect(notice.html).toContain("相性診断の結果が表示されません。");
  });

  test("bad input is refused next to its field, with the values kept", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("お名前").fill("<script>alert(1)</script>");
    await page.getByLabel("メールアドレス").fill("not-an-address");
    await page.getByLabel("お問い合わせの種類").selectOption("other");
    await page.getByLabel("お問い合わせ内容").fill("本文");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/contact") && r.request().method() === "POST"),
      page.getByRole("button", { name: "確認画面へ" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByLabel("お名前")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("お名前")).toHaveValue("<script>alert(1)</script>");
    await expect(page.getByText("HTMLタグ（< > で囲んだ文字列）は使用できません").first()).toBeVisible();
    await expect(page.getByText("正しいメールアドレスを入力してください").first()).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a listing request is stored, acknowledged by mail and answered with a link to store registration", async ({
    page,
  }) => {
    const email = `shop-${Date.now()}@example.com`;
    await page.goto("/shop_entry");
    await page.locator("#field-store_name").fill("Club ルミエール");
    await page.getByLabel("店舗名（フリガナ）").fill("くらぶ るみえーる");
    await page.getByLabel("業種").selectOption("club");
    await page.getByLabel("都道府県").selectOption({ label: "大阪府" });
    await page.getByLabel("エリア").fill("北新地");
    await page.getByLabel("ご担当者名").fill("北 花子");
    await page.getByLabel("電話番号").pressSequentially("0661234567");
    await expect(page.getByLabel("電話番号")).toHaveValue("06-6123-4567");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByRole("button", { name: "この内容で送信する" }).click();

    await expect(page).toHaveURL(/\/shop_entry\?sent=1$/);
    await expect(page.getByTestId("shop-entry-sent")).toContainText("Club ルミエール");
    const ack = await waitForMail(email, /掲載リクエストを受け付けました/);
    expect(ack.text).toContain("受付番号");
    expect(ack.text).not.toContain("クラブ　ルミエール");
    expect(ack.text).toMatch(/\/liver\/registration/);
    const notice = await waitForMail(OPERATOR, /掲載リクエスト：Club ルミエール/);
    expect(notice.text).toContain("大阪府 北新地");
    expect(notice.text).toContain("06-6123-4567");

    await page.getByRole("link", { name: "店舗登録へ進む" }).click();
    await expect(page).toHaveURL(/\/liver\/registration$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form says why it cannot be sent, and a complete post is refused with the values kept", async ({
      page,
    }) => {
      await page.goto("/shop_entry");
      // Playwright's text matching skips <noscript>: read the notice from the DOM.
      const notice = await page.locator("form noscript").evaluate((element) => element.textContent);
      expect(notice).toContain("JavaScriptを有効にしてからご利用ください");
      await page.locator("#field-store_name").fill("スナック 夜桜");
      await page.getByLabel("店舗名（フリガナ）").fill("スナック　ヨザクラ");
      await page.getByLabel("業種").selectOption("snack");
      await page.getByLabel("都道府県").selectOption({ label: "京都府" });
      await page.getByLabel("エリア").fill("祇園");
      await page.getByLabel("ご担当者名").fill("京 桜子");
      await page.getByLabel("電話番号").fill("075-123-4567");
      await page.getByLabel("メールアドレス").fill("yozakura@example.com");
      await page.getByRole("button", { name: "この内容で送信する" }).click();
      await expect(page.getByText("送信前の自動確認が完了していません")).toBeVisible();
      await expect(page.locator("#field-store_name")).toHaveValue("スナック 夜桜");
      await expect(page.getByLabel("エリア")).toHaveValue("祇園");
    });
  });
});
