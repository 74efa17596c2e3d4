import { INFO_PAGES } from "../../../app/components/info/info-pages";
import { expect, test } from "../fixtures";

const PAGES = Object.values(INFO_PAGES);

test.describe("information pages", () => {
  test("every information route answers 200 with its own title and description", async ({ request }) => {
    for (const page of [
      ...PAGES,
      { path: "/contact", title: "お問い合わせ" },
      { path: "/shop_entry", title: "掲載リクエスト" },
    ]) {
      const response = await request.get(page.path);
      expect(response.status(), page.path).toBe(200);
      const html = await response.text();
      expect(html, page.path).toContain(`<title>${page.title}｜ヨルナビ</title>`);
      if ("description" in page) expect(html, page.path).toContain(`content="${page.description}"`);
    }
  });

  test("each page links back to the top and is listed in the footer", async ({ page }) => {
    for (const info of PAGES) {
      await page.goto(info.path);
      await expect(page.getByRole("heading", { level: 1, name: info.title })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "パンくずリスト" }).getByRole("link", { name: "トップ" }),
      ).toHaveAttribute("href", "/");
      await expect(page.getByRole("link", { name: "トップページへ戻る" })).toBeVisible();
      await expect(page.getByRole("contentinfo").locator(`a[href="${info.path}"]`)).toHaveCount(1);
    }
    await page.getByRole("link", { name: "トップページへ戻る" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the terms state the 18+ rule, the 風営法 stance and the coin rules", async ({ page }) => {
    await page.goto("/terms");
    const main = page.getByRole("main");
    await expect(main).toContainText("18歳以上の方（高校生を除きます）に限り");
    await expect(main).toContainText("色恋営業");
    await expect(main).toContainText("有償コインの有効期限は、購入日から起算して180日");
    await expect(main).toContainText("法令に基づき払戻しが必要となる場合を除き、払い戻しいたしません");
    await page.getByRole("link", { name: "第6条（コイン）" }).click();
    await expect(page).toHaveURL(/#coins$/);
  });

  test("the 特定商取引法 page shows the configured operator and the plan prices", async ({ page }) => {
    await page.goto("/specified-commercial");
    const table = page.getByRole("main").locator("dl").first();
    for (const label of [
      "販売事業者",
      "運営統括責任者",
      "所在地",
      "電話番号",
      "メールアドレス",
      "返品・キャンセル",
    ])
      await expect(table.getByText(label, { exact: true })).toBeVisible();
    await expect(table).toContainText("operator@example.com");
    await expect(table).toContainText("スタンダード　月額 ¥29,800（税込）・キャスト15名まで");
    await expect(page.getByTestId("legal-coin-packs")).toContainText(
      "10,000コイン（ボーナス 700コイン付き）　¥10,000",
    );
    // 資金決済法: the coins' issuer, validity and refunds.
    const coins = page.getByRole("main").locator("dl").nth(1);
    await expect(coins).toContainText("有償コインは購入日から180日です");
    await expect(coins).toContainText("法令に定める場合を除き、払戻しはいたしません");
    // The development defaults say what they are.
    await expect(page.getByRole("note")).toContainText("OPERATOR_NAME");
  });

  test("the FAQ is an accordion grouped by listener, store and staff", async ({ page }) => {
    await page.goto("/faq");
    for (const group of ["ユーザーの方", "店舗の方", "キャストの方"])
      await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
    const item = page.getByTestId("faq-item").filter({ hasText: "コインに有効期限はありますか" });
    const answer = item.getByText("有償コインの有効期限は購入日から180日です");
    await expect(answer).toBeHidden();
    await item.locator("summary").click();
    await expect(answer).toBeVisible();
    await expect(item).toHaveJSProperty("open", true);
  });

  test("the store introduction lists the plans from the catalogue and leads to registration", async ({
    page,
  }) => {
    await page.goto("/service/liver");
    const plans = page.getByTestId("plan-table").getByRole("listitem");
    await expect(plans).toHaveCount(3);
    await expect(plans.first()).toContainText("ライト");
    await expect(plans.first()).toContainText("¥9,800");
    await page.getByRole("link", { name: "店舗登録へ進む" }).click();
    await expect(page).toHaveURL(/\/liver\/registration$/);
  });
});
