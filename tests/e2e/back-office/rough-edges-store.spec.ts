import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { savedSessions } from "../support/sessions";

// The store's back office at the reference phone width (docs/product.md "The store's back
// office"): several pictures chosen at once are previewed, one is taken out, the rest uploaded in
// one post; the slug suggested from the name; the invitation link's share buttons; the receipt
// (適格請求書, ADR 0061) of a plan paid with the test provider; the confirmation before items are
// converted. A seeded store of its own (not the demo store, whose plan other specs subscribe),
// except for the conversion, which only opens and cancels the demo store's dialog.

const PASSWORD = "demo-pass-2026";
const STORE = "store-00003@demo.example";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

const sessions = savedSessions();

/** The first sign-in of a store through its login form, later ones with its saved session. */
async function signIn(page: Page, email: string) {
  await sessions.signIn(page, email, "/liver/mypage", async () => {
    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await Promise.all([
      page.waitForURL(/\/liver\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
  });
}

async function seriousViolations(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page })
    .include(selector)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("pictures chosen at once are previewed, one taken out, the rest uploaded; the slug is suggested", async ({
  page,
}) => {
  await signIn(page, STORE);
  await page.goto("/liver/mypage/profile");
  const gallery = page.getByTestId("gallery");
  const pictures = gallery.locator("ol > li img");
  const before = await pictures.count();

  const png = (background: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .png()
      .toBuffer();
  await gallery.locator('input[name="image"]').setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await png("#d81b60") },
    { name: "counter.png", mimeType: "image/png", buffer: await png("#2563eb") },
    { name: "sofa.png", mimeType: "image/png", buffer: await png("#16a34a") },
  ]);
  const previews = gallery.getByTestId("gallery-preview");
  await expect(previews).toHaveCount(3);
  await expect(previews.first().locator("img")).toHaveAttribute("src", /^blob:/);
  await gallery.getByRole("button", { name: "「counter.png」を選択から外す" }).click();
  await expect(previews).toHaveCount(2);
  expect(await seriousViolations(page, '[data-testid="gallery"]')).toEqual([]);
  expect(await noHorizontalOverflow(page)).toBe(true);

  await gallery.getByRole("button", { name: "2枚をアップロード" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("画像を追加しました");
  await expect(pictures).toHaveCount(before + 2);
  await expect(previews).toHaveCount(0);

  // The slug: emptied, then the name typed — the suggestion is offered and taken.
  const slug = page.getByLabel("店舗ページのURL");
  await slug.fill("");
  await page.locator("#field-store_name").fill("ラウンジ ルナ");
  const suggestion = page.getByTestId("slug-suggestion");
  await expect(suggestion).toContainText("raunji-runa");
  await expect(slug).toHaveAttribute("placeholder", "raunji-runa");
  await suggestion.getByRole("button", { name: "提案を使う" }).click();
  await expect(slug).toHaveValue("raunji-runa");
  await expect(suggestion).toBeEmpty();
  // A name in kanji only: the furigana is read instead.
  await slug.fill("");
  await page.locator("#field-store_name").fill("月光");
  await page.getByLabel("店舗名（フリガナ）").fill("ゲッコウ");
  await expect(suggestion).toContainText("gekko");
});

test("the invitation link is shared through the phone's sheet, LINE or a copy", async ({ page }) => {
  // Chromium on Linux has no Web Share: a stand-in records what the page shares.
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.defineProperty(window, "__shared", { value: shared });
    Object.defineProperty(navigator, "share", {
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
  });
  await signIn(page, STORE);
  await page.goto("/liver/mypage/staff");
  const card = page.getByTestId("invitations");
  await card.getByRole("button", { name: "招待リンクを発行" }).click();
  const issued = page.getByTestId("issued-invitation");
  const url = await issued.getByLabel("招待リンク").inputValue();
  expect(url).toMatch(/\/staff\/registration\?invite=[A-Za-z0-9_-]{43}$/);

  const line = issued.getByRole("link", { name: /LINEで送る/ });
  const href = new URL((await line.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe("https://line.me/R/share");
  const text = href.searchParams.get("text") ?? "";
  expect(text).toContain("キャスト登録の招待です");
  expect(text.split("\n").at(-1)).toBe(url);
  await expect(issued.getByRole("button", { name: "コピー" })).toBeVisible();

  await issued.getByRole("button", { name: "共有する" }).click();
  const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]!.text).toBe(text);
  expect(await seriousViolations(page, '[data-testid="issued-invitation"]')).toEqual([]);
  expect(await noHorizontalOverflow(page)).toBe(true);
});

test("a paid plan invoice has its receipt as a qualified invoice", async ({ page }) => {
  await signIn(page, STORE);
  await page.goto("/liver/mypage/payment");
  await page.getByRole("link", { name: "申し込み内容を確認する" }).click();
  await page.getByRole("button", { name: "確定して支払いへ進む" }).click();
  await page.getByRole("button", { name: "テストカード 4242 で登録して支払う" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/payment\?checkout=done/);
  const invoice = page.getByTestId("billing-invoice").first();
  await expect(invoice).toContainText("お支払い済み");
  const amount = Number(((await invoice.locator("p.font-bold").textContent()) ?? "").replace(/[^\d]/g, ""));

  await invoice.getByRole("link", { name: "領収書" }).click();
  await expect(page).toHaveURL(/\/liver\/mypage\/payment\/receipts\/[^/]+$/);
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByRole("heading", { name: "領収書" })).toBeVisible();
  await expect(page.getByTestId("receipt-registration-number")).toHaveText(/^T\d{13}$/);
  await expect(page.getByTestId("receipt-total")).toHaveText(`¥${amount.toLocaleString("ja-JP")}`);
  const tax = Math.floor((amount * 10) / 110);
  await expect(page.getByTestId("receipt-tax-10")).toHaveText(
    `消費税（10%） ¥${tax.toLocaleString("ja-JP")}`,
  );
  await expect(page.getByRole("button", { name: "印刷する" })).toBeVisible();
  expect(await seriousViolations(page, "main")).toEqual([]);
  expect(await noHorizontalOverflow(page)).toBe(true);

  // Printed, only the receipt: the site's header and the page's own buttons are left out.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "印刷する" })).toBeHidden();
  await expect(page.locator("body > div header, body header").first()).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: "screen" });
});

test("items are converted only after a confirmation that says the rate and the points", async ({ page }) => {
  await signIn(page, "store@demo.example");
  await page.goto("/liver/mypage/item/convert");
  const total = (await page.getByTestId("convert-total").textContent()) ?? "";
  expect(total).toMatch(/pt（¥[\d,]+相当）/);
  const points = await page.getByTestId("store-points").textContent();

  await page.getByRole("button", { name: "すべて換金する" }).click();
  const dialog = page.getByRole("dialog", { name: "アイテムをすべてポイントに換金しますか？" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("1ポイント＝1円");
  await expect(dialog).toContainText(total.split("（")[0]!);
  await expect(dialog.getByRole("button", { name: "キャンセル" })).toBeFocused();
  await dialog.getByRole("button", { name: "キャンセル" }).click();
  await expect(dialog).toBeHidden();
  // Nothing was converted.
  await expect(page.getByTestId("store-points")).toHaveText(points ?? "");
  await expect(page.getByTestId("convert-total")).toHaveText(total);
});
