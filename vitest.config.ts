import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Password hashes at a test run's cost (app/.server/auth/passwords.ts): the suite hashes and
    // checks thousands of passwords, and the real cost is a tenth of a second of CPU each.
    env: { PASSWORD_HASH_COST: "test" },
    // One migrated PGlite per run, copied for each test database (tests/support/global-setup.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are heavy (about 250 MB each): keep the worker count small on 2 cores.
    maxWorkers: 2,
    // Test files share their worker's process: the app's modules are imported and PGlite's
    // WebAssembly compiled once per worker instead of once per file (40 % of the suite's CPU).
    // A file therefore leaves no state behind: it closes what it opens (databases, servers, job
    // runners) and restores what it changes (process.env) — docs/testing.md.
    isolate: false,
  },
});
