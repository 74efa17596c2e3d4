import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { matchingScore } from "~/domain/matching";
import { MATCHING_QUESTIONS } from "~/domain/options";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";

// Search on a phone and the first matching answer (ADR 0060), at the reference width.
test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = "yoru-pass-2026";

const filterPanel = (page: Page) => page.locator("details", { has: page.getByText("絞り込み条件") });
const isOpen = (page: Page) => filterPanel(page).evaluate((details) => (details as HTMLDetailsElement).open);

test("after a search the filter panel closes and the results' heading is in view, focused", async ({
  page,
}) => {
  await page.goto("/search/staff");
  await filterPanel(page).getByText("絞り込み条件").click();
  expect(await isOpen(page)).toBe(true);
  await page.getByLabel("地方").selectOption({ label: "関東" });
  await page.getByLabel("都道府県").selectOption({ label: "東京都" });
  await page.getByRole("checkbox", { name: "A型" }).check();
  // The button sits far below the fold with the panel open.
  await page.getByRole("button", { name: "この条件で検索" }).click();

  await expect(page).toHaveURL(/prefecture=tokyo/);
  const heading = page.getByRole("heading", { name: "検索結果", level: 2 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect.poll(() => isOpen(page)).toBe(false);
  await expect(filterPanel(page)).toContainText("3件指定中");
  await expect(page.getByTestId("staff-results").getByRole("article").first()).toBeInViewport();
});

test("on a slow phone, an area picked while the picker loads is what the search sends", async ({ page }) => {
  // A CPU eight times slower: the picker's cascade loads while the visitor is still picking. Its
  // root once rendered afresh then, dropping what was picked (and throwing, which fails this test
  // through the page-error check of tests/e2e/fixtures.ts).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  await page.goto("/");
  const search = page.getByRole("search", { name: "お店を探す" }).first();
  // The first pick loads the cascade; the second comes as it arrives, before it has hydrated.
  const cascade = page.waitForResponse(/area-picker-fields/);
  await search.getByLabel("地方").selectOption({ label: "関東" });
  await cascade;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await search.getByLabel("都道府県").selectOption({ label: "東京都" });
  await search.getByRole("button", { name: "この条件で探す" }).click();
  await expect(page).toHaveURL(/\/search\/liver\?.*region=kanto&prefecture=tokyo/);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("the quick search stays in place when the area picker takes over at the first touch", async ({
  page,
}) => {
  // The picker's five selects are on the page from the server's render on; once it takes over they
  // cascade (disabled until their parent is chosen) instead of leaving, so nothing under the
  // visitor's finger moves. When the group and detail selects left, the button jumped up by two
  // rows and a tap on it could land on another form's button.
  await page.goto("/");
  const search = page.getByRole("search", { name: "お店を探す" }).first();
  const button = search.getByRole("button", { name: "この条件で探す" });
  const before = await button.boundingBox();
  await search.getByLabel("地方").focus();
  await expect(search.getByLabel("エリアグループ")).toBeDisabled();
  await expect(search.getByLabel("詳細エリア")).toBeDisabled();
  expect(await button.boundingBox()).toEqual(before);
  await search.getByLabel("地方").selectOption({ label: "関東" });
  await search.getByLabel("都道府県").selectOption({ label: "群馬県" });
  // A prefecture without groups says so in its disabled group select.
  await expect(search.getByLabel("エリアグループ").locator("option").first()).toHaveText("該当なし");
  expect(await button.boundingBox()).toEqual(before);
});

test("the header's さがす searches performers from its キャスト tab", async ({ page, request }) => {
  const { items } = await (await request.get("/api/staffs?pageSize=20")).json();
  const name: string = items.find((staff: { name?: string }) => staff.name).name;
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "さがす" }).click();
  const dialog = page.getByRole("dialog", { name: "さがす" });
  const stores = dialog.getByRole("tab", { name: "お店" });
  const staff = dialog.getByRole("tab", { name: "キャスト" });
  await expect(stores).toHaveAttribute("aria-selected", "true");
  // The tabs pattern: the arrow keys move between them.
  await stores.focus();
  await page.keyboard.press("ArrowRight");
  await expect(staff).toBeFocused();
  await expect(staff).toHaveAttribute("aria-selected", "true");
  const panel = dialog.getByRole("tabpanel", { name: "キャスト" });
  await panel.getByLabel("名前・よみがな").fill(name);
  await panel.getByLabel("並び順").selectOption({ label: "人気順" });
  await panel.getByRole("button", { name: "この条件で探す" }).click();

  await expect(page).toHaveURL(/\/search\/staff\?.*keyword=/);
  await expect(page).toHaveURL(/sort=popular/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`「${name}」のキャスト`);
  await expect(page.getByTestId("staff-results").getByRole("article").first()).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "並び順" }).getByRole("link", { name: "人気順" }),
  ).toHaveAttribute("aria-current", "page");
});

test("a new listener answers one question instead of seeing a score, then sees her score", async ({
  page,
  request,
}) => {
  const { items } = await (await request.get("/api/staffs?pageSize=1")).json();
  const target = items[0];
  const email = `e2e-matching-${Date.now()}@example.com`;
  await page.goto("/listener/registration");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill("相性はじめて");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();
  const mail = await waitForMail(email, /メールアドレスの確認/);
  await page.goto(linkTo(mail, "/listener/login"));
  await expect(page).toHaveURL(/verified=1/);
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/listener\/mypage/);

  // No score before any answer: the way to the answers instead.
  await page.goto(`/listener/staff/${target.uid}`);
  const panel = page.getByTestId("matching-panel");
  await expect(panel.getByTestId("matching-score")).toHaveCount(0);
  await panel.getByRole("link", { name: "相性診断に答える" }).click();

  // The first time nothing is chosen; one answer is enough to save.
  await expect(page.getByRole("heading", { name: "相性診断の回答", level: 1 })).toBeVisible();
  await expect(page.locator('input[type="radio"]:checked')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  const first = MATCHING_QUESTIONS[0];
  await page
    .getByRole("group", { name: new RegExp(first.question.replace(/[？?]/g, ".")) })
    .getByLabel(first.answers[1].label, { exact: true })
    .check();
  await page.getByRole("button", { name: "回答を保存する" }).click();
  await expect(page.getByText("相性診断の回答を保存しました")).toBeVisible();
  // Saved as chosen: the other questions stay unanswered.
  await expect(page.locator('input[type="radio"]:checked')).toHaveCount(1);

  await page.getByRole("link", { name: "元のページに戻る" }).click();
  await expect(page).toHaveURL(new RegExp(`/listener/staff/${target.uid}$`));
  await expect(panel.getByTestId("matching-score")).toHaveText(
    `${matchingScore({ [first.key]: first.answers[1].value }, target.matching_info)}%`,
  );
  await expect(panel.getByTestId("matching-explanation")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page a search answers shows the results right under the folded panel", async ({ page }) => {
    await page.goto("/search/staff?prefecture=tokyo&bloodTypes=A");
    expect(await isOpen(page)).toBe(false);
    await expect(page.getByRole("heading", { name: "検索結果", level: 2 })).toBeInViewport();
  });
});
