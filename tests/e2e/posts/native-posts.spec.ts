import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { saveShot } from "../support/shots";

// The demo staff member (app/.server/seed/seed-database.ts) writes a native post with three
// pictures, finds it as a carousel in her list, edits its caption and deletes it. Her other posts
// (other specs may write some) are left alone: everything is found by this run's caption.
const stamp = Date.now().toString(36);
const CAPTION = `浴衣デーのお知らせ ${stamp}\n#浴衣 #歌舞伎町`;

const picture = (hue: number) =>
  sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 240 - hue, g: 90, b: hue } } })
    .jpeg()
    .toBuffer();

test.describe.configure({ mode: "serial" });

async function logIn(page: Page, role: "staff" | "liver") {
  await page.goto(`/${role}/login`);
  await page
    .getByLabel(role === "staff" ? "ログインID" : "メールアドレス")
    .fill(role === "staff" ? "demo-cast" : "store@demo.example");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await Promise.all([
    page.waitForURL(new RegExp(`/${role}/mypage$`)),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);
}

test("a staff member posts three pictures, sees the carousel, edits the caption and deletes the post", async ({
  page,
}) => {
  await logIn(page, "staff");
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
  await saveShot(page, "native-post-composer.png", { fullPage: true });

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
  await saveShot(page, "native-post-list.png", { fullPage: true });

  await mine.getByText("本文・PR表示を編集").click();
  await mine.getByLabel("本文").fill(`浴衣デーは明日に変更 ${stamp}`);
  await mine.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("投稿を更新しました");
  await expect(mine.getByTestId("post-caption")).toHaveText(`浴衣デーは明日に変更 ${stamp}`);

  page.once("dialog", (dialog) => dialog.accept());
  await mine.getByRole("button", { name: "削除" }).click();
  await expect(page.getByTestId("flash-message")).toHaveText("投稿を削除しました");
  await expect(page.getByTestId("own-post").filter({ hasText: stamp })).toHaveCount(0);
});

test("the store sees its staff member's post on its own editor page and deletes it", async ({ browser }) => {
  // Two sign-ins; the store's waits for its proof of work (slow on a busy machine).
  test.setTimeout(180_000);
  const text = `明日は早番です ${stamp}`;
  const cast = await browser.newPage();
  await logIn(cast, "staff");
  await cast.goto("/staff/mypage/post");
  await cast.getByLabel("本文").first().fill(text);
  await cast.getByRole("button", { name: "投稿する" }).click();
  await expect(cast.getByTestId("own-post").filter({ hasText: text })).toHaveAttribute("data-kind", "text");
  await cast.close();

  const store = await browser.newPage();
  await logIn(store, "liver");
  await store.getByRole("navigation", { name: "マイページ" }).getByRole("link", { name: "投稿" }).click();
  await expect(store).toHaveURL(/\/liver\/mypage\/post$/);
  const staffPosts = store.locator("#staff-posts");
  const theirs = staffPosts.getByTestId("own-post").filter({ hasText: text });
  await expect(theirs).toContainText("の投稿");
  // The store may delete its staff's posts, not rewrite them.
  await expect(theirs.getByText("本文・PR表示を編集")).toHaveCount(0);
  await saveShot(store, "native-post-store.png", { fullPage: true });
  store.once("dialog", (dialog) => dialog.accept());
  await theirs.getByRole("button", { name: "削除" }).click();
  await expect(store.getByTestId("flash-message")).toHaveText("投稿を削除しました");
  await expect(staffPosts.getByTestId("own-post").filter({ hasText: text })).toHaveCount(0);
  await store.close();
});
