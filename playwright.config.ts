import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";

// The suite runs against the production build, started on a fresh DATA_DIR (so the first start
// migrates and seeds the demo data exactly as `npm start` does on a fresh clone). Workers load this
// file again: the directory is made once and handed down through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "yoru-e2e-"));
// Pages are rendered afresh for every request here (the shared server and every spawned one), so
// a test sees its own writes at once; the page cache (ADR 0062) has a spec of its own that turns
// it on (tests/e2e/platform/page-cache.spec.ts).
process.env.PAGE_CACHE_MB ??= "0";
const port = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // scripts/e2e.mjs runs two halves at once, each writing its own results.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // In CI the browser suite shares two cores with Vitest (scripts/test-all.mjs): give a page that
  // is rendered on a busy machine a little more time before an assertion gives up.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: [["list"]],
  // Migrated data directories that private servers start from (tests/e2e/support/data-dirs.ts).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    baseURL: E2E_BASE_URL,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    // A trace records every action of every test (a third of the browser's CPU), so it is taken
    // only when asked for: `E2E_TRACE=retain-on-failure npm run test:e2e -- tests/e2e/<dir>`.
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "on" | "retain-on-failure",
    launchOptions: {
      // The headless shell where it is installed (scripts/lib/chromium.ts).
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "phone",
      use: { ...devices["Pixel 7"], browserName: "chromium" },
      testIgnore: /.*\.desktop\.spec\.ts/,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      testMatch: /.*\.desktop\.spec\.ts/,
    },
  ],
  webServer: {
    // server.js behind a real SMTP server on loopback (tests read the mails through E2E_MAIL_PORT).
    command: "npx tsx tests/e2e/support/e2e-server.ts",
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, as a process manager stops it: the server checkpoints and closes its database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      BASE_URL: E2E_BASE_URL,
      NODE_ENV: "development",
      DATABASE_URL: "",
      PAGE_CACHE_MB: process.env.PAGE_CACHE_MB,
      E2E_MAIL_PORT: process.env.E2E_MAIL_PORT ?? "3211",
    },
  },
});
