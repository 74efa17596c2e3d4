/**
 * `npm run bench -- --section ssr [--duration 10] [--connections 8] [--stores 60 --staff 480]
 *   [--cpu-prof DIR]` — server renders of the public pages, signed out (docs/benchmarks.md
 * "Server renders").
 *
 * Starts the built server (`node server.js`, NODE_ENV=production) with its page cache off
 * (`PAGE_CACHE_MB=0`) and measures, one page after the other with autocannon at `--connections`:
 * req/s, p50, p97.5 and the CPU per request of the server process (and, on PostgreSQL, of its
 * backends) for `/`, `/search/staff`, a store page, a staff page and `/sns`. Then starts it again
 * with the cache as configured by default and measures `/` once more: the ratio cached/uncached of
 * the same run is the figure that means something on a shared machine.
 *
 * Data: the demo data set (60 stores, 480 staff; `--stores`/`--staff` for more), seeded when the
 * database holds fewer stores. PostgreSQL when DATABASE_URL is set (a database of its own: it is
 * emptied when smaller than asked), else PGlite in BENCH_SSR_DATA_DIR (default ./data/bench-ssr).
 * `--cpu-prof DIR` runs the uncached server under `node --cpu-prof` (profiles written into DIR).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { count, eq, sql } from "drizzle-orm";
import { openDatabase } from "../app/.server/db/client";
import { livers, staffs } from "../app/.server/db/schema";
import { DEMO_ACCOUNTS, seedDatabase } from "../app/.server/seed/seed-database";
import { DEMO_SIZE } from "../app/.server/seed/seed-demo-if-empty";
import { cpuMeter } from "./bench-cpu";
import { pct, productionBenchEnv } from "./lib/bench-servers";
import { buildIfStale } from "./lib/build-if-stale.mjs";
import { describeSpeed, machineSpeed } from "./lib/machine-speed";
import { createProgressBar } from "./progress-bar";

const { values: args } = parseArgs({
  strict: false,
  options: {
    section: { type: "string" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "4904" },
    stores: { type: "string", default: String(DEMO_SIZE.stores) },
    staff: { type: "string", default: String(DEMO_SIZE.staff) },
    "cpu-prof": { type: "string" },
  },
});

const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
const DATA_DIR = path.resolve(process.env.BENCH_SSR_DATA_DIR ?? "data/bench-ssr");
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
/** Targets on PostgreSQL, uncached, 8 connections (docs/benchmarks.md "Server renders"). */
const TARGET_RPS: Record<string, number> = { "/": 200, "/search/staff": 250 };

interface Page {
  name: string;
  path: string;
}

interface Result {
  rps: number;
  p50: number;
  p975: number;
  errors: number;
  serverMs: number;
  databaseMs: number | undefined;
}

async function ensureData(): Promise<Page[]> {
  const database = await openDatabase({
    databaseUrl: DATABASE_URL,
    pgliteDir: path.join(DATA_DIR, "db"),
    poolSize: 2,
  });
  try {
    const { db } = database;
    const stores = Number(args.stores);
    const [have] = await db.select({ n: count() }).from(livers);
    if ((have?.n ?? 0) < stores) {
      console.error(`bench ssr: seeding ${stores} stores, ${args.staff} staff…`);
      await db.execute(
        sql.raw(
          `truncate table ledger_entries, ledger_transactions, ledger_accounts, payment_events, favorites, schedules, logs, rooms, news, staffs, listeners, livers, session, account, verification, "user" cascade`,
        ),
      );
      const bar = createProgressBar(process.stderr);
      await seedDatabase(db, {
        ...DEMO_SIZE,
        stores,
        staff: Number(args.staff),
        dataDir: DATA_DIR,
        onProgress: (p) => bar.update(p),
      });
      bar.end();
    }
    // The demo cast and her store (the fixed accounts of every seeded data set): shifts, staff,
    // coupons and posts, the same pages in every run.
    const [member] = await db
      .select({ id: staffs.uid, store: staffs.liver_id })
      .from(staffs)
      .where(eq(staffs.login_id, DEMO_ACCOUNTS.staff.loginId));
    const store = member ? { uid: member.store } : undefined;
    if (!store || !member) throw new Error("bench ssr: no listed store or staff");
    return [
      { name: "/", path: "/" },
      { name: "/search/staff", path: "/search/staff" },
      { name: "store page", path: `/listener/liver/${store.uid}` },
      { name: "staff page", path: `/listener/staff/${member.id}` },
      { name: "/sns", path: "/sns" },
    ];
  } finally {
    await database.close();
  }
}

async function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      BASE_URL: BASE,
      ...productionBenchEnv(),
      SEED_DEMO: "false",
      DATA_DIR,
      DATABASE_URL: DATABASE_URL ?? "",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (d) => process.stderr.write(`[server] ${d}`));
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer /api/health within 2 minutes");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

interface Load {
  /** Response times in ms, ascending. */
  latencies: number[];
  seconds: number;
  errors: number;
}

function autocannonRun(url: string, duration: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        headers: { "user-agent": BROWSER_UA, "accept-encoding": "gzip, br", accept: "text/html" },
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              latencies: latencies.sort((x, y) => x - y),
              seconds: result.duration,
              errors: result.non2xx + result.errors + result.timeouts,
            }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

async function measure(child: ChildProcess, page: Page): Promise<Result> {
  const check = await fetch(`${BASE}${page.path}`, { headers: { accept: "text/html" } });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`${page.path} answered ${check.status}`);
  await autocannonRun(`${BASE}${page.path}`, 2); // warm-up: JIT, prepared statements, pool
  const meter = cpuMeter(child.pid!, DATABASE_URL);
  try {
    const before = await meter.snapshot();
    const load = await autocannonRun(`${BASE}${page.path}`, DURATION);
    const cpu = await meter.perRequest(before, load.latencies.length);
    return {
      rps: load.latencies.length / load.seconds,
      p50: pct(load.latencies, 50),
      p975: pct(load.latencies, 97.5),
      errors: load.errors,
      serverMs: cpu.serverMs,
      databaseMs: cpu.databaseMs,
    };
  } finally {
    await meter.close();
  }
}

const fixed = (n: number | undefined, digits = 1) => (n === undefined ? "–" : n.toFixed(digits));

function row(name: string, r: Result): string {
  const target = TARGET_RPS[name];
  const mark =
    target === undefined || !DATABASE_URL ? "" : r.rps >= target ? ` (≥ ${target} ✓)` : ` (< ${target})`;
  return `| ${name} | ${fixed(r.rps, 0)}${mark} | ${fixed(r.p50)} ms | ${fixed(r.p975)} ms | ${fixed(r.serverMs, 2)} | ${fixed(r.databaseMs, 2)} | ${r.errors} |`;
}

async function benchSsr(): Promise<void> {
  buildIfStale("bench ssr");
  const pages = await ensureData();
  const speedBefore = await machineSpeed(DATABASE_URL);
  const profile = args["cpu-prof"] ? path.resolve(String(args["cpu-prof"])) : undefined;
  const uncached: Result[] = [];
  let server = await startServer(
    { PAGE_CACHE_MB: "0" },
    profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  );
  try {
    for (const page of pages) {
      uncached.push(await measure(server, page));
      console.error(`bench ssr: ${row(page.name, uncached.at(-1)!)}`);
    }
  } finally {
    await stopServer(server);
  }
  server = await startServer({});
  let cached: Result;
  try {
    cached = await measure(server, pages[0]!);
  } finally {
    await stopServer(server);
  }

  const speedAfter = await machineSpeed(DATABASE_URL);
  console.log(
    `\nServer renders, signed out (${DATABASE_URL ? "PostgreSQL" : "PGlite"}, production build, ${CONNECTIONS} connections, ${DURATION} s each)`,
  );
  console.log(`${describeSpeed(speedBefore, speedAfter)}\n`);
  console.log(
    "| page (PAGE_CACHE_MB=0) | req/s | p50 | p97.5 | server CPU ms/req | database CPU ms/req | errors |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const [i, page] of pages.entries()) console.log(row(page.name, uncached[i]!));
  console.log(row("/ (page cache on)", cached));
  const ratio = cached.rps / uncached[0]!.rps;
  console.log(`\n/ cached / uncached: ${ratio.toFixed(1)}× (target ≥ 10×)`);
  if (profile) console.log(`CPU profile of the uncached server in ${profile}`);
}

await benchSsr();
