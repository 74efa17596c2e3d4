import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

/**
 * The top of a store page (ADR 0056) on a phone: the store writes its introduction,
 * chooses a station the chooser suggests for its pin and gives a first-visit price; the store page
 * shows them at the top and the search card shows the first visit. A seeded store other than the
 * demo one, so the specs that read the demo store's page see its seeded values.
 */
const STORE = { email: "store-00002@demo.example", password: "demo-pass-2026" };
const PR_TEXT = "E2E テストのお店です。\n二行目もそのまま表示されます。";

test.use({ viewport: { width: 390, height: 844 } });

/** axe-core: no serious or critical violation (WCAG 2.1 A/AA rules). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

async function noHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test("the store fills in its introduction, access and first visit; its page and search card show them", async ({
  page,
}) => {
  await page.goto("/liver/login");
  await page.getByLabel("メールアドレス").fill(STORE.email);
  await page.locator('input[name="password"]').fill(STORE.password);
  await Promise.all([
    page.waitForURL(/\/liver\/mypage$/),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);

  await page.goto("/liver/mypage/profile");
  const chooser = page.getByTestId("station-chooser");
  await expect(chooser.getByRole("button", { name: "ピンの位置で探し直す" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await noHorizontalOverflow(page);

  await page.getByLabel("公開する（検索・一覧に掲載）").check();
  await page.getByLabel("紹介文").fill(PR_TEXT);
  for (const row of [0, 1, 2])
    for (const name of ["station", "line", "walk_minutes"])
      await page.locator(`#field-access-${row}-${name}`).fill("");

  // The pin on 歌舞伎町一番街, then the stations near it; a suggested line fills the first row.
  await page.getByLabel("緯度").fill("35.6938");
  await page.getByLabel("経度").fill("139.7013");
  await chooser.getByRole("button", { name: "ピンの位置で探し直す" }).click();
  await expect(chooser.getByRole("status")).toContainText("見つかりました");
  await chooser.getByRole("button", { name: /^西武新宿線/ }).click();
  await expect(page.locator("#field-access-0-station")).toHaveValue("西武新宿");
  await expect(page.locator("#field-access-0-line")).toHaveValue("西武新宿線");
  const minutes = page.locator("#field-access-0-walk_minutes");
  await expect(minutes).toBeFocused();
  await expect(minutes).toHaveValue(/^\d+$/);
  await minutes.fill("3");

  await page.getByLabel("初回料金（円）").fill("３，５００");
  await page.getByLabel("初回の時間（分）").fill("45");
  await page.getByLabel("料金に含まれるもの").fill("E2E 飲み放題込み");
  await Promise.all([
    page.waitForURL(/done=saved/),
    page.getByRole("button", { name: "店舗情報を保存する" }).click(),
  ]);
  await expect(page.getByTestId("flash-message")).toHaveText("店舗情報を保存しました");
  await expect(page.locator("#field-access-0-station")).toHaveValue("西武新宿");

  const me = await (await page.request.get("/api/me")).json();
  const uid: string = me.uid ?? me.user?.uid ?? me.account?.uid;
  expect(uid, JSON.stringify(me)).toBeTruthy();

  // The store page: the first visit, the access and the introduction at the top.
  await page.goto(`/listener/liver/${uid}`);
  const intro = page.getByTestId("store-intro");
  await expect(intro.getByTestId("store-intro-first-visit")).toContainText("初回 45分 ¥3,500〜");
  await expect(intro.getByTestId("store-intro-first-visit")).toContainText("E2E 飲み放題込み");
  await expect(intro.getByTestId("store-intro-access")).toHaveText(/西武新宿駅 徒歩3分（西武新宿線）/);
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered line break is what is tested
  expect(await intro.getByTestId("store-intro-pr").innerText()).toBe(PR_TEXT);
  const introTop = (await intro.boundingBox())!.y;
  const headingBottom = await page
    .getByRole("heading", { level: 1 })
    .evaluate((h) => h.getBoundingClientRect().bottom);
  expect(introTop).toBeGreaterThan(headingBottom);
  expect(introTop).toBeLessThan(844);
  await noHorizontalOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The search card.
  const store = await (await page.request.get(`/api/livers/${uid}`)).json();
  await page.goto(`/search/liver?keyword=${encodeURIComponent(store.store_name)}`);
  const card = page.locator("article", { has: page.locator(`a[href="/listener/liver/${uid}"]`) });
  await expect(card.getByTestId("store-first-visit")).toHaveText("初回 45分 ¥3,500〜");
});
