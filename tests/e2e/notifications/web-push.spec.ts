import type { Page, Worker } from "@playwright/test";
import webPush from "web-push";
import { type FakePushService, startFakePushService } from "../../../scripts/fakes/push-service";
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from "../../../scripts/lib/chromium";
import { expect, test } from "../fixtures";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

// Web push in Chromium (ADR 0045), the whole chain: the settings page registers the service
// worker; the device's subscription (of the local push service: headless Chromium can subscribe
// only at Google's FCM, which this machine cannot reach, so its own `pushManager.subscribe`
// fails — the page says so in Japanese) is saved through the API with the cast's session; a
// listener writes to her; the server's push job sends it with VAPID and aes128gcm to the local
// push service, which checks the JWT and decrypts it; the decrypted payload is handed to the
// worker's `push` handler in the browser (a PushEvent in the worker's context), which shows the
// notification; a `notificationclick` takes the cast's tab to the room.

const DEMO_PASSWORD = "demo-pass-2026";

// The service worker's globals, for the functions evaluated inside it (this file's TypeScript
// knows the DOM, not the WebWorker library).
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}
interface WorkerScope {
  registration: { getNotifications(): Promise<ShownNotification[]> };
  dispatchEvent(event: Event): boolean;
}
declare const PushEvent: new (type: "push", init: { data: string }) => Event;
declare const NotificationEvent: new (
  type: "notificationclick",
  init: { notification: ShownNotification },
) => Event;
test.use({
  // The full browser: the headless shell never grants notifications (scripts/lib/chromium.ts).
  launchOptions: { executablePath: FULL_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  allowedConsoleErrors: [/Push API in incognito|push service|Registration failed|AbortError|permission/i],
});

let server: SpawnedServer;
let pushService: FakePushService;
const vapid = webPush.generateVAPIDKeys();

test.beforeAll(async () => {
  pushService = await startFakePushService();
  server = await spawnServer(3272, {
    SEED_DEMO: "true",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@example.com",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

async function signInCast(page: Page) {
  await page.goto(`${server.baseUrl}/staff/login`);
  await page.getByLabel("ログインID").fill("demo-cast");
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/mypage/);
}

test("a message reaches the cast's device and her tap opens the room", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(["notifications"], { origin: server.baseUrl });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInCast(page);
  const castUid = (
    (await (await page.request.get(`${server.baseUrl}/api/me`)).json()) as { account: { uid: string } }
  ).account.uid;

  // The installable app: its manifest and icons.
  const manifest = await (await page.request.get(`${server.baseUrl}/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ name: "ヨルナビ", lang: "ja", display: "standalone", start_url: "/" });
  for (const icon of manifest.icons as { src: string }[])
    expect((await page.request.get(`${server.baseUrl}${icon.src}`)).headers()["content-type"]).toBe(
      "image/png",
    );
  const sw = await page.request.get(`${server.baseUrl}/sw.js`);
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  await page.goto(`${server.baseUrl}/staff/mypage/setting`);
  const section = page.getByTestId("settings-push");
  await expect(section.getByTestId("push-device")).toContainText("この端末ではプッシュ通知がオフです");
  const registered = page.context().waitForEvent("serviceworker");
  await section.getByRole("button", { name: "この端末で受け取る" }).click();
  const worker: Worker = await registered;
  expect(worker.url()).toBe(`${server.baseUrl}/sw.js`);
  // Headless Chromium cannot reach FCM: the refusal is told, the switch stays off.
  await expect(section.getByRole("alert")).toHaveText(
    "プッシュ通知を設定できませんでした。時間をおいてもう一度お試しください。",
  );

  // The device of the local push service, saved with her session as the page would save it.
  const device = pushService.device(vapid.publicKey);
  const saved = await page.request.post(`${server.baseUrl}/api/push/subscriptions`, {
    data: device.subscription,
  });
  expect(saved.status()).toBe(201);

  // The demo listener writes to her.
  const listener = await (await browser.newContext()).newPage();
  await listener.goto(`${server.baseUrl}/listener/login`);
  await listener.getByLabel("メールアドレス").fill("listener@demo.example");
  await listener.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await listener.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(listener).toHaveURL(/\/listener\/mypage$/, { timeout: 20_000 });
  const opened = await listener.request.post(`${server.baseUrl}/api/rooms`, { data: { staff_id: castUid } });
  expect(opened.ok()).toBe(true);
  const room = (await opened.json()) as { room_id: string };
  const sent = await listener.request.post(`${server.baseUrl}/api/rooms/${room.room_id}/messages`, {
    data: { body: "プッシュのテストです" },
  });
  expect(sent.status()).toBe(201);

  // The server's jobs fan it out and push it; the push service decrypted it.
  await expect.poll(() => pushService.received(device.id).length, { timeout: 30_000 }).toBe(1);
  const [push] = pushService.received(device.id);
  expect(push?.payload).toEqual({
    title: "デモユーザーさんからメッセージ",
    body: "プッシュのテストです",
    url: `/staff/mypage/message/${room.room_id}`,
    tag: `room:${room.room_id}`,
  });
  expect(pushService.refused).toEqual([]);

  // The worker shows it as the browser would on the push: title, body, the room's tag.
  const shown = await worker.evaluate(async (text) => {
    const scope = self as unknown as WorkerScope;
    scope.dispatchEvent(new PushEvent("push", { data: text }));
    for (let i = 0; i < 50; i++) {
      const list = await scope.registration.getNotifications();
      if (list.length > 0)
        return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  }, push?.text ?? "");
  expect(shown).toEqual([
    {
      title: "デモユーザーさんからメッセージ",
      body: "プッシュのテストです",
      tag: `room:${room.room_id}`,
      data: { url: `/staff/mypage/message/${room.room_id}` },
    },
  ]);

  // Her tap: the open tab goes to the room.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (notification) scope.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
  });
  await expect(page).toHaveURL(`${server.baseUrl}/staff/mypage/message/${room.room_id}`);
  await expect(page.getByText("プッシュのテストです")).toBeVisible();
  await listener.context().close();
});
