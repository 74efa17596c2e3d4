import { expect, test } from "../fixtures";

// The forms keep their state in the browser between answers (ADR 0021): a message shown for a
// refused post must go away once a later post of the same form is accepted, with JavaScript on
// and without the page remounting the form. The demo store is shared with other specs: it saves
// its own price system again, unchanged.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test("a field's message does not outlive the answer that carried it", async ({ page }) => {
  await page.goto("/liver/login");
  await page.getByLabel("メールアドレス").fill("store@demo.example");
  await page.locator('input[name="password"]').fill("demo-pass-2026");
  await Promise.all([
    page.waitForURL(/\/liver\/mypage$/),
    page.getByRole("button", { name: "ログイン", exact: true }).click(),
  ]);
  await page.goto("/liver/mypage/price");
  const input = page.locator("#field-extension-minutes");
  const stored = await input.inputValue();
  const message = page.locator("#field-extension-minutes-error");
  const save = page.getByRole("button", { name: "料金システムを保存する" });

  await input.fill("abc");
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/liver/mypage/price") && r.request().method() === "POST"),
    save.click(),
  ]);
  expect(refused.status()).toBe(400);
  await expect(message).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("form-error-summary")).toBeVisible();

  await input.fill(stored);
  await save.click();
  await expect(page.getByText("料金システムを保存しました")).toBeVisible();
  await expect(message).toHaveCount(0);
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("form-error-summary")).toHaveCount(0);
  await expect(input).toHaveValue(stored);
});
