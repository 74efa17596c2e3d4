import { expect, type Page, test } from "@playwright/test";
import { saveShot } from "../support/shots";

// A staff member links Instagram through the fake vendor's consent page and the real callback;
// the first import runs as a background job and the page shows when it ran.
async function logInAsDemoStaff(page: Page) {
  await page.goto("/staff/login");
  await page.getByLabel("ログインID").fill("demo-cast");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await Promise.all([
    page.waitForURL(/\/staff\/mypage$/),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);
}

test("a staff member connects Instagram on the fake and the first import runs", async ({ page }) => {
  await logInAsDemoStaff(page);
  await page.getByRole("link", { name: "SNS連携" }).first().click();
  await expect(page).toHaveURL(/\/staff\/mypage\/instagram$/);
  const instagram = page.getByTestId("sns-link-instagram");
  // Another spec (a follower's feed) may have left her linked, or broken: wait for the card to show
  // its state, then start from not linked.
  await expect(instagram.getByText(/^(連携中|未連携|連携が切れています)$/)).toBeVisible();
  if (!(await instagram.getByText("未連携").isVisible())) {
    await instagram.getByRole("button", { name: "連携を解除する" }).click();
    await expect(page).toHaveURL(/\?sns=unlinked$/);
  }
  await expect(instagram.getByText("未連携")).toBeVisible();
  await saveShot(page, "sns-links-before.png", { fullPage: true });

  await instagram.getByRole("button", { name: "Instagramと連携する" }).click();
  // The fake's consent page (another origin), then back through our callback.
  await expect(page.getByRole("heading", { name: /開発用の偽サーバー/ })).toBeVisible();
  await Promise.all([
    page.waitForURL(/\/staff\/mypage\/instagram\?sns=linked(#_)?$/),
    page.getByRole("link", { name: "@yoru_navi_demo_staff として許可する" }).click(),
  ]);
  await expect(page.getByTestId("flash-message")).toContainText("連携しました");
  await expect(instagram.getByText("連携中")).toBeVisible();
  await expect(instagram.getByText("@yoru_navi_demo_staff")).toBeVisible();

  // The import job (queued by the link) fills in the last import time within seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("sns-link-instagram").getByText(/\d+\/\d+ \d+:\d{2}/)).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await saveShot(page, "sns-links-linked.png", { fullPage: true });

  // Disconnect: back to not linked.
  await page.getByTestId("sns-link-instagram").getByRole("button", { name: "連携を解除する" }).click();
  await expect(page).toHaveURL(/\?sns=unlinked$/);
  await expect(page.getByTestId("sns-link-instagram").getByText("未連携")).toBeVisible();
});

test("a YouTube channel that does not exist is refused next to the field", async ({ page }) => {
  await logInAsDemoStaff(page);
  await page.goto("/staff/mypage/instagram");
  const field = page.getByLabel("チャンネルID・@ハンドル・チャンネルURL");
  await field.fill("@no_such_channel_e2e");
  await page.getByRole("button", { name: "YouTubeチャンネルを連携する" }).click();
  await expect(page.getByText("このチャンネルは見つかりませんでした。").first()).toBeVisible();
  await expect(field).toHaveValue("@no_such_channel_e2e");
  await saveShot(page, "sns-links-youtube-error.png", { fullPage: true });
});
