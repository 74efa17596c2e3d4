import { existsSync } from "node:fs";

/**
 * Which Chromium the end-to-end suite runs, with which flags (playwright.config.ts and the specs that
 * launch their own; the benches use the flags too). Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself
 * runs headless) when it is there: the same engine without the browser's own interface, two fifths
 * less CPU over the suite than the full browser run headless (docs/testing.md "The budget").
 * `CHROMIUM_PATH` chooses another.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/**
 * The full browser, for what the headless shell does not do: it never grants notifications, so
 * web push (tests/e2e/notifications/web-push.spec.ts) runs here.
 */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_FULL_PATH ?? "/usr/bin/chromium";

/** The flags of every browser the suite and the benches start. */
export const CHROMIUM_ARGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
