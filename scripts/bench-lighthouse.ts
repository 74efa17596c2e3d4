/**
 * npm run bench -- --section lighthouse [--port 4903] [--runs 1] [--save DIR]
 *
 * Lighthouse (mobile preset: a Moto G Power's screen, simulated slow 4G and a 4× slower CPU) on
 * the public pages of the production build, in the system Chromium (/usr/bin/chromium, the flags
 * of scripts/page-weight.ts). Starts `server.js` itself on a throw-away data directory, which
 * fills with the demo data (NODE_ENV=development), and takes a store page and a staff page from
 * the search results. Prints each page's four scores, LCP, FCP, TBT and the JavaScript
 * transferred — the table of docs/benchmarks.md "Lighthouse and first load". With `--runs N` each
 * page is measured N times and the run with the median performance score is printed; with
 * `--save DIR` each report is written there as JSON (open it in the Lighthouse viewer).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { buildIfStale } from "./lib/build-if-stale.mjs";
import { CHROMIUM_ARGS } from "./lib/chromium";

const { values: args } = parseArgs({
  options: {
    section: { type: "string" },
    port: { type: "string", default: "4903" },
    runs: { type: "string", default: "1" },
    save: { type: "string" },
  },
  strict: false,
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(args.port);
const RUNS = Math.max(1, Number(args.runs));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface PageResult {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  jsTransfer: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, what: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`${what} did not answer at ${url}`);
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: "development", DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function startChromium(debuggingPort: number, profile: string): ChildProcess {
  return spawn(
    CHROMIUM,
    [
      "--headless=new",
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profile}`,
      "--no-sandbox",
      ...CHROMIUM_ARGS,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
}

/** The first link to a store's or a staff member's page on a search page. */
async function firstLink(base: string, searchPath: string, prefix: string): Promise<string> {
  const html = await (await fetch(`${base}${searchPath}`)).text();
  const match = html.match(new RegExp(`href="(${prefix}[^"?#]+)"`));
  if (!match?.[1]) throw new Error(`no ${prefix} link on ${searchPath}`);
  return match[1];
}

type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;

async function measure(url: string, debuggingPort: number): Promise<Omit<PageResult, "path">> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (typeof args.save === "string") {
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_") || "_";
    mkdirSync(args.save, { recursive: true });
    writeFileSync(path.join(args.save, `${name}.json`), String(result.report));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const audit = audits as unknown as Audits;
  const scripts = (audit["resource-summary"]?.details?.items ?? []).find(
    (item) => item.resourceType === "script",
  );
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcp: audit["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    fcp: audit["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: audit["total-blocking-time"]?.numericValue ?? Number.NaN,
    jsTransfer: Number(scripts?.transferSize ?? 0),
  };
}

/**
 * Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP) and asks to be run again:
 * up to two more times, said on stderr.
 */
async function measureAgainOnTraceError(
  url: string,
  debuggingPort: number,
): Promise<Omit<PageResult, "path">> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, debuggingPort);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
      console.error(`bench: lighthouse ${url}: ${String(error)}; once more`);
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The figures as a Markdown table (docs/benchmarks.md takes it as printed). */
function lighthouseTable(results: readonly PageResult[]): string[] {
  return [
    "| page | performance | accessibility | best practices | SEO | LCP | FCP | TBT | JS transferred |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| \`${r.path}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${seconds(r.lcp)} | ${seconds(r.fcp)} | ${Math.round(r.tbt)} ms | ${(r.jsTransfer / 1000).toFixed(1)} kB |`,
    ),
  ];
}

buildIfStale("bench");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-data-"));
const profile = mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-chromium-"));
const debuggingPort = PORT + 1000;
const server = startServer(dataDir);
const chromium = startChromium(debuggingPort, profile);
try {
  const base = `http://127.0.0.1:${PORT}`;
  console.error(`bench: lighthouse — starting the server on ${base} (demo data in ${dataDir})`);
  await waitFor(`${base}/api/health`, "the server");
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, "Chromium");
  const pages = [
    "/",
    "/search/staff",
    "/search/liver",
    await firstLink(base, "/search/liver", "/listener/liver/"),
    await firstLink(base, "/search/staff", "/listener/staff/"),
    "/sns",
    "/gps",
    "/coupons",
  ];
  // One unmeasured load per page: the server's first renders (module loading, caches) are not the page's.
  for (const page of pages) await fetch(`${base}${page}`);
  const results: PageResult[] = [];
  for (const page of pages) {
    const runs: Omit<PageResult, "path">[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureAgainOnTraceError(`${base}${page}`, debuggingPort));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = runs[Math.floor(runs.length / 2)]!;
    results.push({ path: page, ...median });
    console.error(`bench: lighthouse ${page}: ${median.scores.performance} / ${seconds(median.lcp)}`);
  }
  console.log(
    [
      "",
      `Lighthouse ${lighthouseVersion()} mobile (simulated throttling), production build, demo data, ${RUNS === 1 ? "one run" : `median of ${RUNS} runs`} per page, ${CHROMIUM}`,
      "",
      ...lighthouseTable(results),
      "",
    ].join("\n"),
  );
} finally {
  chromium.kill("SIGTERM");
  server.kill("SIGTERM");
  await sleep(500);
  rmSync(profile, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

function lighthouseVersion(): string {
  const manifest = readFileSync(path.join("node_modules", "lighthouse", "package.json"), "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}
