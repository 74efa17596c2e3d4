#!/usr/bin/env node
/**
 * `npm run test:e2e` after the build: the end-to-end suite as two Playwright processes at once,
 * each with its own server, embedded database, mail catcher, ports and output directory, on
 * disjoint sets of spec files. The suite spends most of its time waiting (servers starting, jobs,
 * mails, event streams), so two halves on two cores take little more than the longer half.
 * Specs of one half still run one after another against their server, as they always did.
 *
 * With arguments (`npm run test:e2e -- tests/e2e/posts`) or E2E_SHARDS=1 it is plain
 * `playwright test …`, one process, for a targeted run.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import path from "node:path";
import { runPrefixed } from "./lib/run-prefixed.mjs";

const args = process.argv.slice(2);
const playwright = ["node_modules/@playwright/test/cli.js", "test"];

/**
 * The first half, balanced by measured time (2026-11-26, beside Vitest on a busy machine: public +
 * accounts 15.8 min against 16.0 for the rest; admin, 1.5 min, moved here as chat and money
 * joined the second half). A new directory lands in the second half; move one when the halves
 * drift apart (the summary line prints them).
 */
const FIRST = ["public", "accounts", "admin"];
const entries = readdirSync("tests/e2e").filter((name) => name !== "support" && name !== "fixtures.ts");
const halves = [
  FIRST.filter((name) => entries.includes(name)),
  entries.filter((name) => !FIRST.includes(name)),
].map((names) => names.map((name) => `tests/e2e/${name}`));

/** The first half's server port (its mail catcher the next one), the second half's 10 above. */
const basePort = Number(process.env.E2E_HALVES_PORT ?? 3210);
const run = (extra, env, label) => runPrefixed(process.execPath, [...playwright, ...extra], { env, label });

if (args.length > 0 || process.env.E2E_SHARDS === "1") {
  process.exit(await run(args, {}, null));
}

const started = Date.now();
// The data-directory templates once for both halves (tests/e2e/support/data-dirs.ts); the second
// half's shared server starts on a copy of the demo one (the first half's starts empty, as a fresh
// clone does: tests/e2e/public is there).
const { tsImport } = await import("tsx/esm/api");
const { makeDataDirTemplates, freshDataDir, runDir } = await tsImport(
  "../tests/e2e/support/data-dirs.ts",
  import.meta.url,
);
const removeTemplates = await makeDataDirTemplates(3207);
const templatesSeconds = Math.round((Date.now() - started) / 1000);
/** Each half's own seconds (from its start, after the templates), to keep the halves balanced. */
const halfSeconds = [];
const codes = await Promise.all(
  halves.map(async (paths, i) => {
    const halfStarted = Date.now();
    const code = await run(
      paths,
      {
        E2E_PORT: String(basePort + 10 * i),
        E2E_MAIL_PORT: String(basePort + 1 + 10 * i),
        E2E_OUTPUT_DIR: `test-results/half-${i + 1}`,
        // In the run's directory, removed at the end (the first half's starts empty).
        E2E_DATA_DIR:
          i === 1 ? freshDataDir("demo", "e2e-half-2") : mkdtempSync(path.join(runDir(), "yoru-e2e-")),
      },
      `[${i + 1}/2]`,
    );
    halfSeconds[i] = Math.round((Date.now() - halfStarted) / 1000);
    return code;
  }),
);
removeTemplates();
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\ne2e: halves exited ${codes.join(", ")} after ${seconds} s (templates ${templatesSeconds} s; ${halves
    .map((h, i) => `${h.join(" ")}: ${halfSeconds[i]} s`)
    .join(" | ")})`,
);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
