#!/usr/bin/env node
/**
 * `npm test`: Vitest (unit + integration) and the end-to-end suite at the same time. Vitest is
 * busy on the CPU while the browser suite mostly waits (servers, jobs, mails, streams), so CI
 * takes about the longer of the two instead of their sum. Vitest runs at a lower priority (nice
 * 10): the browser suite is the longer lane and waits on pages with timeouts, so it gets the CPU
 * first and Vitest the rest, which it has plenty of time to finish in. Each line carries its
 * lane: `[unit]`, `[e2e]` (whose halves add `[1/2]`, `[2/2]`). The exit code is non-zero when
 * either failed.
 */
import { runPrefixed } from "./lib/run-prefixed.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = Date.now();
const [unit, e2e] = await Promise.all([
  runPrefixed(npm, ["run", "--silent", "test:unit"], { label: "[unit]", nice: 10 }),
  runPrefixed(npm, ["run", "--silent", "test:e2e"], { label: "[e2e]" }),
]);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\ntest: unit + integration exited ${unit}, end-to-end exited ${e2e}, after ${seconds} s`);
process.exit(unit !== 0 || e2e !== 0 ? 1 : 0);
