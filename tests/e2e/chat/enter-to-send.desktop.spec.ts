import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";
import { verifyAgeByCard } from "../support/verify-age-by-card";

// On a desktop (a fine pointer) Enter sends and Shift+Enter breaks the line (ADR 0029); phones use
// the button (tests/e2e/chat/chat.spec.ts). A listener of its own, opening a room from a staff page.

// The first staff member of the search may be one whose Instagram posts an earlier spec imported
// from the fake vendor: their pictures are on Instagram's CDN, which this machine cannot resolve.
test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_NAME_NOT_RESOLVED/] });

const stamp = Date.now();
const email = `chat-desktop-${stamp}@example.com`;
const PASSWORD = "yoru-pass-2026";

test("Enter sends, Shift+Enter breaks the line", async ({ page }) => {
  await page.goto("/listener/registration");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill("でんたー");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  const mail = await waitForMail(email, /メールアドレスの確認/);
  await page.goto(linkTo(mail, "/listener/login"));
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/listener\/mypage/);
  // Chat needs her age verified (ADR 0055): a card payment does it.
  await verifyAgeByCard(page);

  // Any listed staff member: the first of the staff search.
  await page.goto("/search/staff");
  const first = page.locator('a[href^="/listener/staff/"]').first();
  await page.goto((await first.getAttribute("href")) ?? "/");
  await page.getByTestId("open-room").click();
  await expect(page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("Enterで送信・Shift+Enterで改行")).toBeVisible();

  const field = page.getByRole("textbox", { name: "メッセージ" });
  await field.click();
  await page.keyboard.type("一行目");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("二行目");
  await expect(field).toHaveValue("一行目\n二行目");
  await page.keyboard.press("Enter");
  await expect(field).toHaveValue("");
  const sent = page.getByTestId("message").filter({ hasText: "二行目" });
  await expect(sent).toHaveAttribute("data-state", "stored");
  await expect(sent.getByTestId("message-body")).toHaveText("一行目\n二行目");
});
