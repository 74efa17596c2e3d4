import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * Screenshots for a person to look at (a page at phone width, a state hard to reach by hand): a
 * spec names them, and they are taken only when `E2E_SCREENSHOTS_DIR` says where to keep them
 * (`E2E_SCREENSHOTS_DIR=test-results/shots npm run test:e2e -- tests/e2e/posts`). A full-page
 * picture of a phone page is seconds of the browser's CPU, which the suite's budget has no room
 * for on every run (docs/testing.md "The budget").
 */
export async function saveShot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, name), ...options });
}
