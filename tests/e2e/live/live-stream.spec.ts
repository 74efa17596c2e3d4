import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { freshDataDir } from "../support/data-dirs";
import { enrolAndSignIn, operatorCommand } from "../support/operator-console";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

// Live streaming end to end (contract §13, ADR 0031) on a private server with demo data, in
// Chromium with a fake camera. The operator first sets the viewer cap to 2 at /admin/config (the
// remote configuration, contract §15); then a staff member goes live from /staff/mypage, two viewers
// receive video and the same comments in the same order, a deleted comment vanishes for both, the
// third viewer reads 「満員です」, and ending the live shows the ended state everywhere. The embedded
// SFU relays the media over loopback (Chromium offers loopback candidates only with the last flag).
const PASSWORD = "demo-pass-2026";
const MEDIA_FLAGS = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  "--allow-loopback-in-peer-connection",
];

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      ...MEDIA_FLAGS,
    ],
  },
  // The third viewer's join is refused with 429 (「満員です」), which Chromium logs.
  allowedConsoleErrors: [/status of 429/],
});

let server: SpawnedServer;
const OPERATOR = { email: "ops-live@example.com", password: "operator-e2e-pass-2026" };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir("demo", "live-e2e");
  const created = operatorCommand(
    ["create", "--email", OPERATOR.email, "--password-stdin"],
    dataDir,
    OPERATOR.password,
  );
  expect(created.status, created.stderr).toBe(0);
  server = await spawnServer(3520, { DATA_DIR: dataDir, SEED_DEMO: "true" });
  const page = await browser.newPage();
  await enrolAndSignIn(page, server.baseUrl, OPERATOR.email, OPERATOR.password);
  await page.goto(`${server.baseUrl}/admin/config`);
  const card = page.getByTestId("config-live_max_viewers");
  await card.getByLabel("ライブの最大同時視聴者数（人）").fill("2");
  await card.getByRole("button", { name: "保存" }).click();
  await expect(card.getByText("変更あり")).toBeVisible();
  await page.close();
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, role: "staff" | "listener") {
  await page.goto(`${server.baseUrl}/${role}/login`);
  if (role === "staff") await page.getByLabel("ログインID").fill("demo-cast");
  else await page.getByLabel("メールアドレス").fill("listener@demo.example");
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/mypage$`), { timeout: 20_000 });
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "ja-JP",
  });
  return context.newPage();
}

const videoWidth = (page: Page) =>
  page.getByTestId("live-video").evaluate((video) => (video as HTMLVideoElement).videoWidth);
const commentBodies = (page: Page) => page.getByTestId("live-comment-body").allTextContents();

test("a staff member goes live, two viewers watch and read the same comments, the third is turned away, the end reaches everyone", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  page.on("dialog", (dialog) => void dialog.accept());
  await signIn(page, "staff");
  const panel = page.getByTestId("broadcaster-panel");
  await expect(panel.getByRole("heading", { name: "ライブ配信" })).toBeVisible();
  await panel.getByRole("button", { name: "カメラとマイクをオンにする" }).click();
  await expect(panel.getByLabel("カメラ")).toBeVisible();
  await expect
    .poll(() => panel.getByTestId("preview").evaluate((v) => (v as HTMLVideoElement).videoWidth))
    .toBeGreaterThan(0);
  await panel.getByLabel("配信タイトル").fill("今夜もよろしくね");
  await panel.getByRole("button", { name: "配信開始" }).click();
  await expect(panel.getByTestId("on-air")).toBeVisible();
  const me = (await (await page.request.get(`${server.baseUrl}/api/me`)).json()) as {
    account: { uid: string };
  };
  const watchUrl = `${server.baseUrl}/listener/live/${me.account.uid}`;

  // Viewer A signed in (comments), viewer B signed out (asked to sign in).
  const viewerA = await phone(browser);
  await signIn(viewerA, "listener");
  await viewerA.goto(watchUrl);
  const viewerB = await phone(browser);
  await viewerB.goto(watchUrl);
  for (const viewer of [viewerA, viewerB])
    await expect.poll(() => videoWidth(viewer), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(viewerB.getByRole("link", { name: "ログインしてコメントする" })).toHaveAttribute(
    "href",
    `/listener/login?from=${encodeURIComponent(`/listener/live/${me.account.uid}`)}`,
  );
  await expect(viewerA.getByRole("button", { name: "タップして音声をオン" })).toBeVisible();
  await expect(page.getByTestId("viewer-count")).toContainText("2人");

  // The third viewer is beyond the cap.
  const viewerC = await phone(browser);
  await viewerC.goto(watchUrl);
  await expect(viewerC.getByTestId("live-full")).toContainText("満員です");

  // Comments, one per 2 s, arrive in the same order for both viewers and the broadcaster.
  const said = ["こんばんは！", "今日の衣装かわいい", "また来ます"];
  for (const [i, text] of said.entries()) {
    if (i > 0) await viewerA.waitForTimeout(2100);
    await viewerA.getByLabel("コメントする（200文字まで）").fill(text);
    await viewerA.getByRole("button", { name: "送信" }).click();
    await expect(viewerA.getByLabel("コメントする（200文字まで）")).toHaveValue("");
  }
  for (const viewer of [viewerA, viewerB, page]) await expect.poll(() => commentBodies(viewer)).toEqual(said);

  // A contact detail is refused next to the box.
  await viewerA.waitForTimeout(2100);
  await viewerA.getByLabel("コメントする（200文字まで）").fill("LINE: night_cast_22");
  await viewerA.getByRole("button", { name: "送信" }).click();
  await expect(viewerA.getByRole("alert")).toContainText("連絡先");

  // The broadcaster deletes the second comment: it vanishes for both viewers.
  await page.getByRole("button", { name: "さんのコメントを削除" }).nth(1).click();
  const left = [said[0], said[2]];
  for (const viewer of [viewerA, viewerB, page]) await expect.poll(() => commentBodies(viewer)).toEqual(left);

  // Ending shows the ended state to the viewers, with the figures, and on the panel.
  await panel.getByRole("button", { name: "配信終了" }).click();
  await expect(panel.getByTestId("panel-ended")).toContainText("配信は終了しました");
  for (const viewer of [viewerA, viewerB]) {
    await expect(viewer.getByTestId("live-status")).toContainText("配信は終了しました");
    await expect(viewer.getByTestId("live-ended-summary")).toContainText("コメント 2件");
  }
  // A fresh visit: not live, with the past live and its figures.
  await viewerC.goto(watchUrl);
  await expect(viewerC.getByTestId("live-status")).toContainText("現在配信していません");
  await expect(viewerC.getByTestId("past-lives")).toContainText("今夜もよろしくね");
  await expect(viewerC.getByTestId("past-lives")).toContainText("最大 2人・コメント 2件");
});
