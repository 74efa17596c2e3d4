import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { saveShot } from "../support/shots";

// The PR label (ADR 0051) on a phone at 390 px: the demo staff member ticks 「PR」 in the composer;
// the post's card in /sns, the tile on her page and on her store's page say 「PR」 in text (with
// its meaning for a screen reader); she unticks it in the edit form and the label goes. Her other
// posts are left alone: everything is found by this run's caption.
const stamp = Date.now().toString(36);
const CAPTION = `新作シャンパンのご紹介 ${stamp}`;
const BADGE_NAME = "PR（広告・タイアップを含む投稿）";

test.use({
  viewport: { width: 390, height: 844 },
  // /sns also shows posts an earlier spec imported from the local Instagram fake, whose pictures
  // point at a host that does not resolve here.
  allowedConsoleErrors: [/Failed to load resource: net::ERR_NAME_NOT_RESOLVED/],
});

test("a post marked PR shows 「PR」 on its card in the feed and on the staff and store pages", async ({
  page,
  request,
}) => {
  await page.goto("/staff/login");
  await page.getByLabel("ログインID").fill("demo-cast");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await Promise.all([
    page.waitForURL(/\/staff\/mypage$/),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);

  await page.goto("/staff/mypage/post");
  await page.getByLabel("本文").first().fill(CAPTION);
  const box = page
    .getByTestId("post-composer")
    .getByRole("checkbox", { name: "PR（広告・タイアップ）を含む投稿" });
  await expect(box).not.toBeChecked();
  // The hint says when to tick it.
  await expect(box).toHaveAccessibleDescription(/広告と分かるよう/);
  await box.check();
  await box.scrollIntoViewIfNeeded();
  await saveShot(page, "pr-label-composer.png");
  await page.getByRole("button", { name: "投稿する" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("投稿しました");
  const mine = page.getByTestId("own-post").filter({ hasText: stamp });
  await expect(mine.getByTestId("pr-badge")).toHaveText(BADGE_NAME);
  // The composer starts unticked again.
  await expect(box).not.toBeChecked();
  await mine.scrollIntoViewIfNeeded();
  await saveShot(page, "pr-label-own-list.png");

  const api = await (await request.get("/api/posts?pageSize=50")).json();
  const posted = api.items.find((item: { caption: string }) => item.caption === CAPTION);
  expect(posted).toMatchObject({ is_pr: true, source: "native" });

  // The feed: this card says PR; a card of another post does not.
  await page.goto("/sns");
  const card = page.getByTestId("post-results").getByTestId("post-card").filter({ hasText: stamp });
  await expect(card.getByTestId("pr-badge")).toBeVisible();
  await expect(card.getByTestId("pr-badge")).toHaveText(BADGE_NAME);
  await expect(card.getByTestId("pr-badge")).toContainText("PR");
  const others = page.getByTestId("post-results").getByTestId("post-card").filter({ hasNotText: stamp });
  await expect(others.first()).toBeVisible();
  await expect(others.first().getByTestId("pr-badge")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  await saveShot(page, "pr-label-feed.png");
  // The labelled card passes axe (WCAG 2.1 AA: the badge's contrast, its name).
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="post-card"][data-pr]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Her page and her store's page: the tile of the post carries the label, in its name too.
  for (const path of [`/listener/staff/${posted.staff_id}`, `/listener/liver/${posted.liver_id}`]) {
    await page.goto(path);
    const tile = page
      .getByTestId("latest-posts")
      .getByRole("link", { name: `${BADGE_NAME} 投稿: ${CAPTION}` });
    await expect(tile).toBeVisible();
    await expect(tile.getByTestId("pr-badge")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.getByTestId("latest-posts").scrollIntoViewIfNeeded();
  await saveShot(page, "pr-label-store-page.png");

  // Unticked in the edit form, the label goes.
  await page.goto("/staff/mypage/post");
  await mine.getByText("本文・PR表示を編集").click();
  const editBox = mine.getByRole("checkbox", { name: "PR（広告・タイアップ）を含む投稿" });
  await expect(editBox).toBeChecked();
  await editBox.uncheck();
  await mine.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("投稿を更新しました");
  await expect(mine.getByTestId("pr-badge")).toHaveCount(0);
  await page.goto("/sns");
  await expect(page.getByTestId("post-card").filter({ hasText: stamp })).toHaveCount(1);
  await expect(page.getByTestId("post-card").filter({ hasText: stamp }).getByTestId("pr-badge")).toHaveCount(
    0,
  );
});
