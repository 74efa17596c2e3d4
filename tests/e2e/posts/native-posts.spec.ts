import sharp from "sharp";
import { expect, test } from "../fixtures";

// The demo staff member (app/.server/seed/seed-database.ts) writes a native post with three
// pictures, finds it as a carousel in her list, edits its caption and deletes it. Her other posts
// (other specs may write some) are left alone: everything is found by this run's caption.
const stamp = Date.now().toString(36);
const CAPTION = `浴衣デーのお知らせ ${stamp}\n#浴衣 #歌舞伎町`;
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? "test-results/screenshots";

const picture = (hue: number) =>
  sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 240 - hue, g: 90, b: hue } } })
    .jpeg()
    .toBuffer();

test("a staff member posts three pictures, sees the carousel, edits the caption and deletes the post", async ({
  page,
}) => {
  await page.goto("/staff/login");
  await page.getByLabel("ログインID").fill("demo-cast");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await Promise.all([
    page.waitForURL(/\/staff\/mypage$/),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);
  await page.getByRole("navigation", { name: "マイページ" }).getByRole("link", { name: "投稿" }).click();
  await expect(page).toHaveURL(/\/staff\/mypage\/post$/);
  await expect(page.getByRole("heading", { name: "新しい投稿" })).toBeVisible();

  await page.getByLabel("本文").first().fill(CAPTION);
  await expect(page.getByText(`${CAPTION.length} / 2200文字`)).toBeVisible();
  await page.locator("#post-images").setInputFiles([
    { name: "a.jpg", mimeType: "image/jpeg", buffer: await picture(20) },
    { name: "b.jpg", mimeType: "image/jpeg", buffer: await picture(120) },
    { name: "c.jpg", mimeType: "image/jpeg", buffer: await picture(220) },
  ]);
  const previews = page.getByTestId("image-previews").getByRole("listitem");
  await expect(previews).toHaveCount(3);
  // Choosing pictures turns the video off (one or the other).
  await expect(page.locator("#post-video")).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/native-post-composer.png`, fullPage: true });

  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/posts") && r.request().method() === "POST"),
    page.getByRole("button", { name: "投稿する" }).click(),
  ]);
  expect(created.status()).toBe(201);
  await expect(page.getByTestId("flash-message")).toHaveText("投稿しました");

  const mine = page.getByTestId("own-post").filter({ hasText: stamp });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute("data-kind", "carousel_album");
  await expect(mine.getByTestId("post-images").getByRole("img")).toHaveCount(3);
  await expect(mine.getByTestId("post-caption")).toHaveText(CAPTION);
  // The composer starts empty again.
  await expect(page.getByTestId("image-previews")).toHaveCount(0);
  await mine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/native-post-list.png`, fullPage: true });

  await mine.getByText("本文を編集").click();
  await mine.getByLabel("本文").fill(`浴衣デーは明日に変更 ${stamp}`);
  await mine.getByRole("button", { name: "本文を保存" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("本文を更新しました");
  await expect(mine.getByTestId("post-caption")).toHaveText(`浴衣デーは明日に変更 ${stamp}`);

  page.once("dialog", (dialog) => dialog.accept());
  await mine.getByRole("button", { name: "削除" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("投稿を削除しました");
  await expect(page.getByTestId("own-post").filter({ hasText: stamp })).toHaveCount(0);
});
