import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { waitForMail } from "../support/mailbox";
import { saveShot } from "../support/shots";

// ADR 0024's walk through the content loop: the demo staff member posts three pictures; the demo
// listener, who follows her (seed), finds the post on her follow feed and on /sns. Then the staff
// member links her Instagram (the fake vendor, whose newest media — a three-picture carousel —
// is from the last hour): the import job brings it, and the follower gets the notification mail
// over real SMTP, with its one-click unsubscribe header.
const stamp = Date.now().toString(36);
const CAPTION = `新しいドレスです ${stamp}`;
const LISTENER = "listener@demo.example";

const picture = (hue: number) =>
  sharp({ create: { width: 480, height: 600, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .jpeg()
    .toBuffer();

async function signedIn(browser: Browser, role: "staff" | "listener"): Promise<Page> {
  const context = await browser.newContext({ ...test.info().project.use, locale: "ja-JP" });
  const page = await context.newPage();
  await page.goto(`/${role}/login`);
  await page
    .getByLabel(role === "staff" ? "ログインID" : "メールアドレス")
    .fill(role === "staff" ? "demo-cast" : LISTENER);
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await Promise.all([
    page.waitForURL(new RegExp(`/${role}/mypage$`)),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);
  return page;
}

test("a follower sees a staff member's new post in her feeds and is mailed about her Instagram", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await signedIn(browser, "staff");
  await staff.goto("/staff/mypage/post");
  await staff.getByLabel("本文").first().fill(CAPTION);
  await staff.locator("#post-images").setInputFiles([
    { name: "1.jpg", mimeType: "image/jpeg", buffer: await picture(30) },
    { name: "2.jpg", mimeType: "image/jpeg", buffer: await picture(130) },
    { name: "3.jpg", mimeType: "image/jpeg", buffer: await picture(230) },
  ]);
  await staff.getByRole("button", { name: "投稿する" }).click();
  await expect(staff.getByTestId("flash-message")).toHaveText("投稿しました");

  const listener = await signedIn(browser, "listener");
  await listener.goto("/listener/mypage/follow/sns");
  const followed = listener.getByTestId("post-card").filter({ hasText: stamp });
  await expect(followed).toHaveCount(1);
  await expect(followed.getByTestId("post-carousel")).toBeVisible();
  await expect(followed.getByRole("img")).not.toHaveCount(0);
  await saveShot(listener, "follow-sns-new-post.png");

  await listener.goto("/sns");
  await expect(listener.getByTestId("post-card").filter({ hasText: stamp })).toHaveCount(1);

  // Her Instagram, linked through the fake's consent page and our callback.
  await staff.goto("/staff/mypage/instagram");
  const instagram = staff.getByTestId("sns-link-instagram");
  if (await instagram.getByText("連携中").isVisible()) {
    await instagram.getByRole("button", { name: "連携を解除する" }).click();
    await expect(staff).toHaveURL(/\?sns=unlinked$/);
  }
  await staff.getByTestId("sns-link-instagram").getByRole("button", { name: "Instagramと連携する" }).click();
  await Promise.all([
    staff.waitForURL(/\/staff\/mypage\/instagram\?sns=linked(#_)?$/),
    staff.getByRole("link", { name: "@yoru_navi_demo_staff として許可する" }).click(),
  ]);

  const mail = await waitForMail(LISTENER, /Instagramに新しい投稿/);
  expect(mail.text).toContain("/listener/staff/");
  expect(mail.text).toMatch(/\/unsubscribe\//);

  // The imported carousel is in her follow feed too, linking to Instagram.
  await expect(async () => {
    await listener.goto("/listener/mypage/follow/sns?source=instagram");
    await expect(listener.getByTestId("post-card").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(listener.locator('a[href^="https://www.instagram.com/p/"]').first()).toBeVisible();
});
