import { readFileSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import sharp from "sharp";
import type { TestSmtpServer } from "../../support/smtp";
import { expect, test } from "../fixtures";
import { enrolAndSignIn, seriousViolations, startConsoleServer } from "../support/operator-console";
import { saveShot } from "../support/shots";
import type { SpawnedServer } from "../support/spawn-server";

// The operator's payouts end to end (ADR 0033), on a server of its own with the demo data (whose
// store has a pending payout request) and a real SMTP sink: the operator approves it — the store
// is mailed — exports the approved requests as a 全銀 file and downloads it (120-byte records,
// Shift_JIS, CRLF, the net amount in the data record), then marks it paid.

const PORT = 3721;
const EMAIL = "ops-payouts@example.com";
const PASSWORD = "operator-e2e-pass-2026";

test.use({ allowedConsoleErrors: [/the server responded with a status of 4\d\d/] });

test.describe("operator console: payouts", () => {
  let smtp: TestSmtpServer;
  let server: SpawnedServer;
  // The operator's signed-in session of the first test, reused by the next (a TOTP enrolment happens once).
  let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    ({ server, smtp } = await startConsoleServer({
      port: PORT,
      email: EMAIL,
      password: PASSWORD,
      label: "admin-payouts",
      env: {
        SEED_DEMO: "true",
        ZENGIN_CONSIGNOR_CODE: "1234567890",
        ZENGIN_CONSIGNOR_NAME: "カ）ヨルナビ",
        ZENGIN_BANK_CODE: "0005",
        ZENGIN_BRANCH_CODE: "001",
        ZENGIN_ACCOUNT_NUMBER: "7654321",
      },
    }));
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("approve the demo store's pending payout, download the 全銀 file, mark it paid", async ({ page }) => {
    test.setTimeout(180_000);
    const base = server.baseUrl;
    await enrolAndSignIn(page, base, EMAIL, PASSWORD);
    signedIn = await page.context().storageState();
    // The dashboard counts it and the menu shows the badge.
    await expect(page.getByTestId("count-payouts-due")).toContainText("1");
    const menu = page.getByRole("navigation", { name: "管理メニュー" });
    await menu.getByRole("link", { name: /^出金申請/ }).click();
    await expect(page).toHaveURL(`${base}/admin/payouts`);
    const row = page.getByTestId("payout-row");
    await expect(row).toHaveCount(1);
    const net = ((await row.getByTestId("payout-net").textContent()) ?? "").replace(/[^\d]/g, "");
    expect(Number(net)).toBeGreaterThan(0);
    await saveShot(page, `payouts-pending-${page.viewportSize()?.width}.png`, { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // A rejection needs a reason: asked for next to the field (after the confirmation dialog,
    // ADR 0053), nothing changes.
    await row.locator("summary", { hasText: "却下する" }).click();
    // The dialog is there once the page runs its script (before that, the form has a checkbox).
    await expect(row.getByTestId("confirm-dialog")).toBeAttached();
    // (Pressed from the keyboard: on a phone the sticky header may cover the button.)
    await row.getByRole("button", { name: "却下してポイントを戻す" }).press("Enter");
    const confirm = page.getByRole("dialog", { name: "この出金申請を却下しますか？" });
    await expect(confirm.getByRole("button", { name: "キャンセル" })).toBeFocused();
    await confirm.getByRole("button", { name: "却下する", exact: true }).press("Enter");
    await expect(
      row.getByText("却下の理由を入力してください（店舗にメールで伝わります）").first(),
    ).toBeVisible();

    await row.getByRole("button", { name: "承認する" }).click();
    await expect(page.getByText("出金申請を承認し、店舗にメールで知らせました")).toBeVisible();
    await smtp.waitForMail({ subject: "出金申請を承認しました" }, 30_000);

    // Export: the file downloads, fixed-width Shift_JIS with the net amount right-aligned.
    await page.getByRole("link", { name: /^承認済み/ }).click();
    await page.getByRole("button", { name: "振込データを作成する" }).click();
    await expect(page.getByText("振込データを作成しました")).toBeVisible();
    await saveShot(page, `payouts-exported-${page.viewportSize()?.width}.png`, { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("payout-batches").getByRole("link", { name: "ダウンロード" }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^zengin-\d{8}-[0-9a-f]{8}\.txt$/);
    const file = readFileSync(await download.path());
    expect(file.byteLength).toBe(4 * 122);
    const records = file.toString("latin1").split("\r\n");
    expect(records.map((r) => r.slice(0, 1))).toEqual(["1", "2", "8", "9", ""]);
    expect(records[0]?.slice(4, 14)).toBe("1234567890");
    expect(records[1]?.slice(80, 90)).toBe(net.padStart(10, "0"));
    expect(records[2]?.slice(1, 7)).toBe("000001");

    // Paid: the store is told.
    await page.getByTestId("payout-row").getByRole("button", { name: "振込済みにする" }).click();
    await expect(page.getByText("振込済みにし、店舗にメールで知らせました")).toBeVisible();
    await smtp.waitForMail({ subject: "お振込みが完了しました" }, 30_000);
  });

  test("the catalogue: items with their pictures, a refused picture, a coin pack retired and restored", async ({
    page,
  }) => {
    expect(signedIn, "the payouts test signs the operator in first").toBeDefined();
    const base = server.baseUrl;
    await page.context().addCookies(signedIn?.cookies ?? []);
    await page.goto(`${base}/admin/items`);
    const items = page.getByTestId("item-row");
    await expect(items.first()).toBeVisible();
    await expect(items.first().locator("img")).toHaveAttribute("src", /\.(svg|webp)$/);
    // A file that is not a picture: the message next to that item's picture field, nothing saved.
    const first = () => page.getByTestId("item-row").first();
    await first()
      .locator('input[type="file"]')
      .setInputFiles({
        name: "note.png",
        mimeType: "image/png",
        buffer: Buffer.from("not a picture"),
      });
    await first().getByRole("button", { name: "画像を登録する" }).click();
    await expect(first().locator('[id$="-error"]')).toBeVisible();
    // A real picture is re-encoded and shown.
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#e11d48" } })
      .png()
      .toBuffer();
    await first()
      .locator('input[type="file"]')
      .setInputFiles({ name: "gift.png", mimeType: "image/png", buffer: png });
    await first().getByRole("button", { name: "画像を登録する" }).click();
    await expect(page.getByText("画像を変更しました")).toBeVisible();
    await expect(first().locator("img")).toHaveAttribute("src", /^\/uploads\/.+\.webp$/);
    await saveShot(page, `items-${page.viewportSize()?.width}.png`, { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${base}/admin/coin-packs`);
    const pack = page.getByTestId("coin-pack-row").first();
    await expect(pack.getByText("販売中")).toBeVisible();
    await pack.getByRole("button", { name: "販売終了にする" }).click();
    await expect(page.getByText("販売を終了しました（購入画面に表示されなくなりました）")).toBeVisible();
    await expect(
      page.getByTestId("coin-pack-row").first().getByText("販売終了", { exact: true }),
    ).toBeVisible();
    await page.getByTestId("coin-pack-row").first().getByRole("button", { name: "販売を再開する" }).click();
    await expect(page.getByText("販売を再開しました")).toBeVisible();
    await expect(page.getByTestId("coin-pack-row").first().getByText("販売中")).toBeVisible();
  });
});
