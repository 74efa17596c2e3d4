#!/usr/bin/env node
/**
 * `npm test`: Vitest (unit + integration) and the end-to-end suite at the same time. Vitest is
 * busy on the CPU while the browser suite mostly waits (servers, jobs, mails, streams), so CI
 * takes about the longer of the two instead of their sum. Vitest runs at a lower priority (nice
 * 10): the browser suite is the longer lane and waits on pages with timeouts, so it gets the CPU
 * first and Vitest the rest, which it has plenty of time to finish in. Each line carries its
 * lane: `[unit]`, `[e2e]` (whose halves add `[1/2]`, `[2/2]`). The failures of both lanes are
 * printed again at the end (a CI log may keep only the tail). The exit code is non-zero when
 * either failed.
 */
import { failureRecap } from "./lib/failure-recap.mjs";
import { runPrefixed } from "./lib/run-prefixed.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = Date.now();
const recaps = { "[unit]": failureRecap(), "[e2e]": failureRecap() };
const [unit, e2e] = await Promise.all([
  runPrefixed(npm, ["run", "--silent", "test:unit"], {
    label: "[unit]",
    nice: 10,
    onLine: recaps["[unit]"].collect,
  }),
  runPrefixed(npm, ["run", "--silent", "test:e2e"], { label: "[e2e]", onLine: recaps["[e2e]"].collect }),
]);
const seconds = Math.round((Date.now() - started) / 1000);
for (const [label, recap] of Object.entries(recaps)) {
  const lines = recap.lines();
  if (lines.length === 0) continue;
  console.log(`\n${label} failures, again:`);
  for (const line of lines) console.log(`${label} ${line}`);
}
console.log(`\ntest: unit + integration exited ${unit}, end-to-end exited ${e2e}, after ${seconds} s`);
process.exit(unit !== 0 || e2e !== 0 ? 1 : 0);
