import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO_ACCOUNTS } from "~/.server/seed/seed-database";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";
import { seriousViolations } from "../support/operator-console";
import { saveShot } from "../support/shots";
import { verifyAgeByCard } from "../support/verify-age-by-card";

// Chat (ADR 0029) in two Chromium contexts against the real server: a fresh listener
// opens a room from demo-cast's page (signed out first: login and back), both write and read each
// other live, the cast's unread count moves in the header, the store is told by mail (who, never
// what), and the same conversation works without JavaScript.

const stamp = Date.now();
const email = `chat-${stamp}@example.com`;
const PASSWORD = "yoru-pass-2026";
const NICKNAME = `ちゃっと${String(stamp).slice(-4)}`;
const DEMO_PASSWORD = "demo-pass-2026";

test.describe.configure({ mode: "serial" });
test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

async function logInListener(page: Page) {
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

async function castPage(browser: Browser): Promise<{ page: Page; uid: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/staff/login");
  await page.getByLabel("ログインID").fill(DEMO_ACCOUNTS.staff.loginId);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/mypage/);
  const me = (await (await page.request.get("/api/me")).json()) as { account: { uid: string } };
  return { page, uid: me.account.uid };
}

/** The header bell's count (ADR 0044): 0 without a badge. */
const bellOf = async (page: Page) => {
  const badge = page.getByTestId("header-bell-count");
  return (await badge.count()) ? Number.parseInt((await badge.textContent()) ?? "0", 10) : 0;
};

const unreadOf = async (page: Page) => {
  const badge = page.getByTestId("header-unread-messages");
  return (await badge.count()) ? Number.parseInt((await badge.textContent()) ?? "0", 10) : 0;
};

let roomUrl = "";

test("a fresh listener registers", async ({ page }) => {
  await page.goto("/listener/registration");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill(NICKNAME);
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  const mail = await waitForMail(email, /メールアドレスの確認/);
  await page.goto(linkTo(mail, "/listener/login"));
  await logInListener(page);
  await expect(page).toHaveURL(/\/listener\/mypage/);
  // Chat needs her age verified (ADR 0055): a card payment does it.
  await verifyAgeByCard(page);
});

test("listener and cast talk live; the cast's unread count moves; the store gets the notice", async ({
  page,
  browser,
}) => {
  const cast = await castPage(browser);
  await cast.page.goto("/staff/mypage/message");
  const castUnreadBefore = await unreadOf(cast.page);
  const castBellBefore = await bellOf(cast.page);

  // Signed out, メッセージを送る leads to the login and back to the staff page.
  await page.goto(`/listener/staff/${cast.uid}`);
  await page.getByTestId("open-room").click();
  await expect(page).toHaveURL(/\/listener\/login\?from=/);
  await logInListener(page);
  await expect(page).toHaveURL(new RegExp(`/listener/staff/${cast.uid}$`));
  await page.getByTestId("open-room").click();
  await expect(page).toHaveURL(/\/listener\/mypage\/message\/[^/]+$/);
  roomUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("まだメッセージはありません")).toBeVisible();

  // The listener writes (the phone's button); it shows at once and stays, stored.
  await page.getByRole("textbox", { name: "メッセージ" }).fill("はじめまして！金曜に行きます");
  await page.getByTestId("message-send").click();
  const mine = page.getByTestId("message").filter({ hasText: "はじめまして！金曜に行きます" });
  await expect(mine).toHaveAttribute("data-state", "stored");

  // The cast's header count moves live, and her inbox shows the new room on top.
  await expect.poll(() => unreadOf(cast.page), { timeout: 15_000 }).toBe(castUnreadBefore + 1);
  // Her bell too (the message notice, through the notification job).
  await expect.poll(() => bellOf(cast.page), { timeout: 15_000 }).toBe(castBellBefore + 1);
  await cast.page.reload();
  const room = cast.page.getByTestId("room-item").filter({ hasText: NICKNAME });
  await expect(room.getByTestId("room-unread")).toHaveText(/1/);
  await room.click();
  await expect(cast.page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await expect(cast.page.getByTestId("message").filter({ hasText: "はじめまして" })).toBeVisible();
  await expect.poll(() => unreadOf(cast.page)).toBe(castUnreadBefore);
  // Opening the conversation reads its notice: the bell is back.
  await expect.poll(() => bellOf(cast.page)).toBe(castBellBefore);

  // Her opening the room reads it: the listener sees 既読 live.
  await expect(mine.getByTestId("message-read")).toBeVisible({ timeout: 15_000 });

  // While the listener types, the cast sees 「入力中…」; it goes by itself when she stops.
  await page.getByRole("textbox", { name: "メッセージ" }).pressSequentially("えっと", { delay: 50 });
  await expect(cast.page.getByTestId("chat-typing")).toContainText("入力中…");
  await expect(cast.page.getByTestId("chat-typing")).toBeHidden({ timeout: 10_000 });
  await page.getByRole("textbox", { name: "メッセージ" }).fill("");

  // She answers; the listener sees it without reloading, and reading it marks hers read.
  await cast.page.getByRole("textbox", { name: "メッセージ" }).fill("ありがとうございます！お待ちしてます");
  await cast.page.getByTestId("message-send").click();
  const answer = page.getByTestId("message").filter({ hasText: "お待ちしてます" });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer).toHaveAttribute("data-mine", "false");
  await expect(
    cast.page.getByTestId("message").filter({ hasText: "お待ちしてます" }).getByTestId("message-read"),
  ).toBeVisible({ timeout: 15_000 });

  // Contact details are refused; the message stays with a retry.
  await page.getByRole("textbox", { name: "メッセージ" }).fill("電話番号は０９０−１２３４−５６７８です");
  await page.getByTestId("message-send").click();
  await expect(page.getByTestId("message-error")).toHaveText(
    "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません",
  );
  await expect(page.getByTestId("message-retry")).toBeVisible();
  await saveShot(page, "chat-listener-room.png");
  expect(await seriousViolations(page)).toEqual([]);
  await cast.page.goto("/staff/mypage/message");
  expect(await seriousViolations(cast.page)).toEqual([]);
  await saveShot(cast.page, "chat-cast-room.png");

  // Away from the room, the listener's bell tells her of the cast's next message; the bell leads
  // to the list, the line to the room, and reading it takes the count back.
  await page.goto("/");
  const listenerBell = await bellOf(page);
  await cast.page.goto(roomUrl.replace("/listener/", "/staff/"));
  await expect(cast.page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await cast.page.getByRole("textbox", { name: "メッセージ" }).fill("また来てね");
  await cast.page.getByTestId("message-send").click();
  await expect.poll(() => bellOf(page), { timeout: 15_000 }).toBe(listenerBell + 1);
  await page.getByTestId("header-bell").click();
  await expect(page).toHaveURL(/\/listener\/mypage\/notifications$/);
  const line = page.getByTestId("notification").first();
  await expect(line).toContainText("また来てね");
  await expect(line).toHaveAttribute("data-unread", "true");
  await line.click();
  await expect(page).toHaveURL(new RegExp(`${roomUrl}$`));
  await expect.poll(() => bellOf(page)).toBe(listenerBell);

  // On a phone the room is the whole screen under the header: no account card, the composer and
  // at least 8 messages in view.
  const roomId = roomUrl.split("/").at(-1) ?? "";
  for (const body of ["1", "2", "3", "4", "5", "6"])
    expect((await page.request.post(`/api/rooms/${roomId}/messages`, { data: { body } })).status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("chat-room")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("mypage-name")).toBeHidden();
  await expect(page.getByTestId("message-send")).toBeInViewport();
  const inView = await page.getByTestId("message").evaluateAll(
    (bubbles) =>
      bubbles.filter((bubble) => {
        const box = bubble.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(inView).toBeGreaterThanOrEqual(8);
  const top = await page.getByTestId("chat-room").evaluate((room) => room.getBoundingClientRect().top);
  expect(top).toBeLessThanOrEqual(64);
  // A picked picture shows as a thumbnail before sending, and can be taken back.
  const picked = await sharp({
    create: { width: 120, height: 90, channels: 3, background: { r: 240, g: 120, b: 160 } },
  })
    .png()
    .toBuffer();
  await page
    .getByTestId("message-image")
    .setInputFiles({ name: "pick.png", mimeType: "image/png", buffer: picked });
  const thumbnail = page.getByTestId("message-picture-thumbnail");
  await expect(thumbnail).toBeVisible();
  // Visible before decoded: the picture's width is known once the browser has decoded it.
  await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);
  await saveShot(page, "chat-listener-room-phone.png");
  await page.getByTestId("message-picture-remove").click();
  await expect(page.getByTestId("message-picture")).toHaveCount(0);
  expect(
    await page.getByTestId("message-image").evaluate((input) => (input as HTMLInputElement).files?.length),
  ).toBe(0);

  // The store is told who wrote to whom, never what.
  // (through the notification fan-out and the mail queue: give the jobs a little longer)
  const notice = await waitForMail(DEMO_ACCOUNTS.store.email, /にメッセージが届きました/).catch(() =>
    waitForMail(DEMO_ACCOUNTS.store.email, /にメッセージが届きました/),
  );
  expect(notice.text).toContain(NICKNAME);
  expect(notice.text).not.toContain("金曜に行きます");
  await cast.page.context().close();
});

test("without JavaScript: the conversation, sending (PRG) and a refusal with the text kept", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/listener/login?from=${encodeURIComponent(roomUrl)}`);
  await logInListener(page);
  await expect(page).toHaveURL(new RegExp(`${roomUrl}$`));
  await expect(page.getByTestId("message").filter({ hasText: "お待ちしてます" })).toBeVisible();

  await page.getByRole("textbox", { name: "メッセージ" }).fill("JavaScriptなしでも送れます");
  await page.getByTestId("message-send").click();
  await expect(page).toHaveURL(new RegExp(`${roomUrl}$`));
  await expect(page.getByTestId("message").filter({ hasText: "JavaScriptなしでも送れます" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "メッセージ" })).toHaveValue("");

  await page.getByRole("textbox", { name: "メッセージ" }).fill("メールは chat@example.com まで");
  await page.getByTestId("message-send").click();
  await expect(page.getByTestId("message-form-error")).toHaveText(
    "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません",
  );
  await expect(page.getByRole("textbox", { name: "メッセージ" })).toHaveValue(
    "メールは chat@example.com まで",
  );

  // A picture, through the image pipeline.
  const png = await sharp({
    create: { width: 200, height: 150, channels: 3, background: { r: 120, g: 30, b: 160 } },
  })
    .png()
    .toBuffer();
  await page.getByRole("textbox", { name: "メッセージ" }).fill("");
  await page
    .getByTestId("message-image")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  await page.getByTestId("message-send").click();
  await expect(page).toHaveURL(new RegExp(`${roomUrl}$`));
  await expect(page.getByTestId("message-body").locator('img[src$=".webp"]').last()).toBeVisible();

  // The inbox lists the room with the last message.
  await page.goto("/listener/mypage/message");
  await expect(page.getByTestId("room-item").first().getByTestId("room-last-message")).toHaveText(/画像/);
  await context.close();
});
