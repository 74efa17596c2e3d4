/**
 * npm run bench -- [--section directory|geo|posts|sse|weight|news-mail|live|chat|gifts|notify|ssr|cluster|admin|lighthouse|all] [--stores N] [--staff M] [--duration S]
 *                  [--connections C] [--port P] [--subscribers 1000,2500,5000] [--rounds R]
 *                  [--recipients N] [--parallel P] [--chunk C]
 *
 * Sections: `directory` (below), `sse` (scripts/bench-sse.ts: concurrent event-stream
 * subscribers of one process and the p95 delivery delay) and `weight` (scripts/page-weight.ts:
 * the JavaScript gzip bytes and the LCP element of the public pages in headless Chromium at a
 * phone viewport) and `news-mail` (scripts/bench-news-mail.ts: one official news mailed to 100,000
 * listeners, the fan-out into the outbox with its delivery jobs) and `admin` (scripts/bench-admin.ts:
 * the operator console's queries, one at a time) and `cluster` (scripts/bench-cluster.ts: two
 * instances behind nginx with its cache, kills under load, event streams resumed; needs nginx);
 * `all` (the default) runs every section.
 *
 * Builds the large demo data set (when the database has less), starts the production server on
 * loopback, measures the directory with autocannon (p50/p95/p99, req/s) and runs the same queries
 * as raw SQL at the same concurrency, so the app's overhead over the database shows as a ratio.
 * PostgreSQL when DATABASE_URL is set, else PGlite in BENCH_DATA_DIR (default ./data/bench).
 */
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, devices } from "@playwright/test";
import autocannon from "autocannon";
import { count, eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Database, openDatabase } from "../app/.server/db/client";
import { directoryState, listeners, livers, staffs, user } from "../app/.server/db/schema";
import { parseEnv } from "../app/.server/env";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "../app/.server/seed/seed-database";
import {
  aggregateStatement,
  classCountsScalar,
  totalScalar,
} from "../app/.server/services/directory/directory-totals";
import { buildLiverSearch } from "../app/.server/services/directory/search-livers";
import { buildStaffSearch } from "../app/.server/services/directory/search-staffs";
import { listedStaff } from "../app/.server/services/shared/staff-query";
import { parseLiverSearch, parseStaffSearch } from "../app/domain/directory-search";
import { matchingMask } from "../app/domain/matching";
import { businessDate } from "../app/domain/shift-status";
import { adminTable, benchAdmin } from "./bench-admin";
import { type CpuPerRequest, cpuMeter } from "./bench-cpu";
import { CENTRAL_TOKYO, GEO_TARGETS, nearbyPaths, rawQuery, serviceQuery, storesWithin } from "./bench-geo";
import { benchNewsMail, newsMailTable } from "./bench-news-mail";
import { ensureFollowing, ensurePosts, FOLLOWING_LISTENER_EMAIL } from "./bench-posts";
import { benchSse, sseTable } from "./bench-sse";
import { productionBenchEnv } from "./lib/bench-servers";
import { buildIfStale } from "./lib/build-if-stale.mjs";
import { CHROMIUM_ARGS } from "./lib/chromium";
import { describeSpeed, machineSpeed } from "./lib/machine-speed";
import { WEIGHED_PAGES, weighPages, weightTable } from "./page-weight";
import { createProgressBar } from "./progress-bar";

// The live, chat and gifts sections have options of their own and need none of the large data
// sets; gifts (ADR 0032) and live's room and gift rate (ADR 0043) make throw-away
// databases of their own.
const OWN_SECTIONS: Record<string, string> = {
  live: "./bench-live",
  chat: "./bench-chat",
  gifts: "./bench-gifts",
  notify: "./bench-notify",
  lighthouse: "./bench-lighthouse",
  ssr: "./bench-ssr",
  cluster: "./bench-cluster",
};
const ownSection = OWN_SECTIONS[process.argv[process.argv.indexOf("--section") + 1] ?? ""];
if (ownSection) {
  await import(ownSection);
  process.exit(process.exitCode ?? 0);
}

const { values: args } = parseArgs({
  options: {
    stores: { type: "string", default: "2000" },
    staff: { type: "string", default: "40000" },
    listeners: { type: "string", default: "2000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "3499" },
    section: { type: "string", default: "all" },
    subscribers: { type: "string", default: "1000,2500,5000" },
    rounds: { type: "string", default: "20" },
    recipients: { type: "string", default: "100000" },
    // News mail: chunk transactions at once (default: 3 on PostgreSQL, 1 on PGlite) and chunk size.
    parallel: { type: "string" },
    chunk: { type: "string" },
    posts: { type: "string", default: "500000" },
  },
});
const ALL_SECTIONS = ["directory", "geo", "posts", "sse", "weight", "news-mail", "admin"];
const SECTIONS = args.section === "all" ? ALL_SECTIONS : args.section.split(",");
for (const section of SECTIONS)
  if (!ALL_SECTIONS.includes(section)) throw new Error(`unknown --section ${section}`);
const POSTS = Number(args.posts);
const STORES = Number(args.stores);
const STAFF = Number(args.staff);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? "data/bench");
const BASE = `http://127.0.0.1:${PORT}`;
/** Requests of the one-at-a-time measurement. */
const SEQUENTIAL = 200;
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

/** The targets of the issue (2 cores, PostgreSQL). */
const TARGETS = { apiP95Ms: 50, ssrSearchRps: 100, appSqlRatio: 3 };

interface Stats {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function statsOf(latencies: number[], seconds: number, errors: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

// ---------------------------------------------------------------------------------------------
// Data

async function ensureData(database: Database): Promise<void> {
  const [stores] = await database.db.select({ n: count() }).from(livers);
  const [staffCount] = await database.db.select({ n: count() }).from(staffs);
  if ((stores?.n ?? 0) >= STORES && (staffCount?.n ?? 0) >= STAFF) {
    console.error(`bench: data set present (${stores?.n} stores, ${staffCount?.n} staff)`);
    return;
  }
  console.error(`bench: building the data set (${STORES} stores, ${STAFF} staff)…`);
  await database.db.execute(
    sql.raw(
      `truncate table ledger_entries, ledger_transactions, ledger_accounts, payment_events, favorites, schedules, logs, rooms, news, staffs, listeners, livers, session, account, verification, "user" cascade`,
    ),
  );
  const bar = createProgressBar(process.stderr);
  await seedDatabase(database.db, {
    stores: STORES,
    staff: STAFF,
    listeners: Number(args.listeners),
    dataDir: DATABASE_URL ? path.resolve("data") : DATA_DIR,
    onProgress: (p) => bar.update(p),
  });
  bar.end();
}

interface Fixture {
  listenerUid: string;
  listenerMask: number;
  staffId: string;
  keyword: string;
  /** The directory version: a total remembered by the server is checked against it. */
  version: string;
}

async function fixture(database: Database): Promise<Fixture> {
  const db = database.db;
  const [listener] = await db
    .select({ uid: listeners.uid, info: listeners.matching_info })
    .from(listeners)
    .innerJoin(user, eq(user.id, listeners.uid))
    .where(eq(user.email, DEMO_ACCOUNTS.listener.email));
  const [staff] = await db
    .select({ uid: staffs.uid, name_kana: staffs.name_kana })
    .from(staffs)
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .where(listedStaff)
    .orderBy(sql`${staffs.follower_number} desc`, staffs.uid)
    .limit(1);
  const [state] = await db.select({ version: directoryState.version }).from(directoryState);
  if (!listener || !staff || !state) throw new Error("the data set has no demo listener or no listed staff");
  return {
    listenerUid: listener.uid,
    listenerMask: matchingMask(listener.info),
    staffId: staff.uid,
    // A common reading, typed in hiragana as people do: "さき" (ミサキ, サキ, アサキ…).
    keyword: "さき",
    version: state.version,
  };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  kind: "api" | "ssr";
  /** One path, or several taken in turn (each request a new filter). */
  paths: string[];
  asListener?: boolean;
  /** The statements the service runs for a path, for the raw SQL comparison. */
  queries?: (f: Fixture, db: Database, path: string) => Promise<Steps>;
}

type Query = { sql: string; params: unknown[] };
/** The queries of one request: each step's queries run together, the steps one after another. */
type Steps = Query[][];

const dialect = new PgDialect();
const printed = (statement: SQL): Query => dialect.sqlToQuery(statement);
const queryOf = (path: string) => new URLSearchParams(path.split("?")[1] ?? "");

/**
 * What `searchStaffs` sends for a path. `remembered`: the server knows the total of this filter at
 * the current version (the statement reads the version only); otherwise it counts.
 */
function staffQueries(listener: boolean, remembered: boolean) {
  return async (f: Fixture, database: Database, path: string): Promise<Steps> => {
    const parsed = parseStaffSearch(queryOf(path));
    if (!parsed.ok) throw new Error(parsed.message);
    const context = {
      today: businessDate(new Date()),
      listener: listener ? { uid: f.listenerUid, mask: f.listenerMask, matching_info: {} } : null,
    };
    const known = remembered ? f.version : "";
    const plan = buildStaffSearch(database.db, parsed.value, context);
    // A listener's request first reads their answers.
    const first: Steps = listener
      ? [[{ sql: "select matching_info from listeners where uid = $1", params: [f.listenerUid] }]]
      : [];
    if (plan.kind === "paged") {
      return [...first, [plan.page.toSQL(), printed(aggregateStatement(totalScalar(plan.total), known))]];
    }
    const page = plan.pageOf(await plan.classes);
    return [
      ...first,
      [printed(aggregateStatement(classCountsScalar(plan.classes), known))],
      ...(page ? [[page.toSQL()]] : []),
    ];
  };
}

function liverQueries(remembered: boolean) {
  return async (f: Fixture, database: Database, path: string): Promise<Steps> => {
    const parsed = parseLiverSearch(queryOf(path));
    if (!parsed.ok) throw new Error(parsed.message);
    const { page, total } = buildLiverSearch(database.db, parsed.value, null);
    return [[page.toSQL(), printed(aggregateStatement(totalScalar(total), remembered ? f.version : ""))]];
  };
}

const FILTERED = "ageFrom=20&ageTo=29&bloodTypes=A,O&region=kanto&prefecture=tokyo";

/**
 * Filters nobody asked for before, one per request, so every total is counted: wide bounds (most
 * staff match, the dearest counts) in 8 × 75 × 41 × 30 combinations, shuffled the same way each run.
 */
function unseenFilters(n: number): string[] {
  // xorshift32 in 32-bit integers (a multiplying generator in doubles loses its low bits).
  let state = 20261125;
  const random = (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
  const seen = new Set<string>();
  while (seen.size < n) {
    const ageFrom = 18 + random(8);
    const ageTo = 26 + random(75);
    const heightFrom = 100 + random(41);
    const heightTo = 170 + random(30);
    seen.add(`/api/staffs?ageFrom=${ageFrom}&ageTo=${ageTo}&heightFrom=${heightFrom}&heightTo=${heightTo}`);
  }
  return [...seen];
}

function scenarios(f: Fixture): Scenario[] {
  const keyword = `/api/staffs?keyword=${encodeURIComponent(f.keyword)}`;
  return [
    {
      name: "API staffs (no filter)",
      kind: "api",
      paths: ["/api/staffs"],
      queries: staffQueries(false, true),
    },
    {
      name: "API staffs age+blood+area",
      kind: "api",
      paths: [`/api/staffs?${FILTERED}`],
      queries: staffQueries(false, true),
    },
    { name: "API staffs keyword", kind: "api", paths: [keyword], queries: staffQueries(false, true) },
    {
      name: "API staffs sort=matching (listener)",
      kind: "api",
      paths: ["/api/staffs?sort=matching"],
      asListener: true,
      queries: staffQueries(true, true),
    },
    {
      name: "API staffs, a new filter each (counted)",
      kind: "api",
      paths: unseenFilters(Math.max(2_000, DURATION * 600)),
      queries: staffQueries(false, false),
    },
    {
      name: "API livers group+services",
      kind: "api",
      paths: ["/api/livers?group=shinjuku&services=cheap,luxury"],
      queries: liverQueries(true),
    },
    { name: "SSR /", kind: "ssr", paths: ["/"] },
    { name: "SSR /search/staff?…", kind: "ssr", paths: [`/search/staff?${FILTERED}`] },
    { name: "SSR /listener/staff/{id}", kind: "ssr", paths: [`/listener/staff/${f.staffId}`] },
  ];
}

// ---------------------------------------------------------------------------------------------
// Raw SQL at the same concurrency

/** Runs the statements of one request straight through the driver behind Drizzle. */
function stepRunner(database: Database): (steps: Steps) => Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the driver client behind drizzle ($client): pg.Pool or PGlite
  const client = (database.db as any).$client as {
    query: (sql: string, params: unknown[]) => Promise<unknown>;
  };
  return async (steps) => {
    for (const step of steps) await Promise.all(step.map((q) => client.query(q.sql, q.params)));
  };
}

async function measureSql(database: Database, requests: Steps[], label: string): Promise<Stats> {
  const runSteps = stepRunner(database);
  let next = 0;
  const run = () => runSteps(requests[next++ % requests.length]!);
  for (let i = 0; i < 20; i++) await run(); // warm-up (plans, caches)
  next = 0;
  const latencies: number[] = [];
  const bar = createProgressBar(process.stderr);
  const started = performance.now();
  const end = started + DURATION * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await run();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
        bar.update({
          phase: `SQL ${label}`,
          done: Math.min(DURATION, Math.round((performance.now() - started) / 1000)),
          total: DURATION,
        });
      }
    }),
  );
  bar.end();
  return statsOf(latencies, (performance.now() - started) / 1000, errors);
}

/** p50 of SEQUENTIAL requests made one at a time: what a request costs when nothing waits in a queue. */
async function sequentialP50(request: (i: number) => Promise<void>): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    await request(i);
    latencies.push(performance.now() - t);
  }
  return percentile(
    latencies.sort((a, b) => a - b),
    50,
  );
}

function sequentialSql(database: Database, requests: Steps[]): Promise<number> {
  const runSteps = stepRunner(database);
  return sequentialP50((i) => runSteps(requests[i % requests.length]!));
}

function sequentialApp(scenario: Scenario, cookie: string | null): Promise<number> {
  // A rotating scenario: paths before the warm-up's, never reached by the loaded run.
  const n = scenario.paths.length;
  return sequentialP50(async (i) => {
    const path = n > 1 ? scenario.paths[(((n - 21 - i) % n) + n) % n]! : scenario.paths[0]!;
    const response = await fetch(`${BASE}${path}`, {
      headers: { "user-agent": BROWSER_UA, "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
    });
    await response.arrayBuffer();
  });
}

// ---------------------------------------------------------------------------------------------
// The server and autocannon

async function startServer(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  buildIfStale("bench");
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      BASE_URL: BASE,
      ...productionBenchEnv(),
      SEED_DEMO: "false",
      DATA_DIR,
      // The sections measure renders and queries, not the page cache (ADR 0062; the ssr section
      // measures it against them).
      PAGE_CACHE_MB: "0",
      ...(DATABASE_URL ? { DATABASE_URL } : { DATABASE_URL: "" }),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (d) => process.stderr.write(`[server] ${d}`));
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(`${BASE}/api/health`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not answer /api/health within 2 minutes");
}

async function signIn(
  role: "listener" | "staff" = "listener",
  email: string = DEMO_ACCOUNTS.listener.email,
): Promise<string> {
  const body = new URLSearchParams(
    role === "listener"
      ? { email, password: DEMO_PASSWORD }
      : { login_id: "demo-cast", password: DEMO_PASSWORD },
  );
  const response = await fetch(`${BASE}/${role}/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c?.includes("session_token"))) {
    throw new Error(`could not sign in as the demo ${role} (status ${response.status})`);
  }
  return cookies.join("; ");
}

function load(scenario: Scenario, cookie: string | null): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const instance = autocannon(
      {
        url: `${BASE}${scenario.paths[0]}`,
        ...(scenario.paths.length > 1
          ? {
              requests: [
                {
                  setupRequest: (request: { path: string }) => ({
                    ...request,
                    path: scenario.paths[next++ % scenario.paths.length]!,
                  }),
                },
              ],
            }
          : {}),
        connections: CONNECTIONS,
        duration: DURATION,
        headers: {
          "user-agent": BROWSER_UA,
          "accept-encoding": "gzip",
          ...(scenario.kind === "ssr" ? { accept: "text/html" } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (error, result) => {
        if (error) return reject(error);
        errors += result.non2xx + result.errors + result.timeouts;
        resolve(statsOf(latencies, result.duration, errors));
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    autocannon.track(instance, {
      renderProgressBar: true,
      renderResultsTable: false,
      progressBarString: `${scenario.name.padEnd(38)} [:bar] :percent`,
    });
  });
}

// ---------------------------------------------------------------------------------------------

/** What the server runs as: WEB_CONCURRENCY read the way the server reads it. */
function workers(): string {
  if (!DATABASE_URL) return "1 process (PGlite)";
  const n = parseEnv({ DATABASE_URL, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY }).workers;
  return n > 1 ? `${n} worker processes` : "1 process";
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "–");

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  if (SECTIONS.includes("directory")) await benchDirectory();
  if (SECTIONS.includes("geo")) await benchGeo();
  if (SECTIONS.includes("posts")) await benchPosts();
  if (SECTIONS.includes("sse")) await benchRealtime();
  if (SECTIONS.includes("weight")) await benchWeight();
  if (SECTIONS.includes("news-mail")) await benchNewsMailSection();
  if (SECTIONS.includes("admin")) await benchAdminSection();
}

/** The admin section (scripts/bench-admin.ts): the operator console's queries, one at a time. */
async function benchAdminSection() {
  const where = DATABASE_URL ? "PostgreSQL" : `PGlite in ${DATA_DIR}`;
  console.error(`bench: operator console on ${where}`);
  const database = await openDatabase(
    DATABASE_URL ? { databaseUrl: DATABASE_URL, poolSize: 2 } : { pgliteDir: path.join(DATA_DIR, "db") },
  );
  try {
    await ensureData(database);
    const rows = await benchAdmin(database);
    console.log(
      [
        "",
        `Operator console (${where}, one request at a time, 50 runs after a warm-up)`,
        "",
        ...adminTable(rows),
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

/**
 * The geo section (scripts/bench-geo.ts): the nearby endpoint around central Tokyo, the service's
 * statement and a minimal raw query on the same index, all at --connections.
 */
async function benchGeo() {
  const loadBefore = loadAverage();
  const where = DATABASE_URL ? "PostgreSQL" : `PGlite in ${DATA_DIR}`;
  console.error(`bench: geo on ${where}, ${CONNECTIONS} connections, ${DURATION} s per run`);
  const paths = nearbyPaths();
  const database = await openDatabase(
    DATABASE_URL
      ? { databaseUrl: DATABASE_URL, poolSize: CONNECTIONS }
      : { pgliteDir: path.join(DATA_DIR, "db") },
  );
  let service: Stats;
  let raw: Stats;
  let within: number[];
  try {
    await ensureData(database);
    await database.db.execute(sql`vacuum analyze livers`);
    within = await storesWithin(database);
    service = await measureSql(
      database,
      paths.map((p) => [[serviceQuery(database, p)]]),
      "nearby (service)",
    );
    raw = await measureSql(
      database,
      paths.map((p) => [[rawQuery(p)]]),
      "nearby (raw)",
    );
  } finally {
    await database.close();
  }
  const server = await startServer();
  let app: Stats;
  try {
    // Warm-up as the directory's scenarios get it (plans, caches, JIT): 40 requests per point.
    for (let i = 0; i < 40; i++) for (const p of paths) await (await fetch(`${BASE}${p}`)).arrayBuffer();
    app = await load({ name: "API livers/nearby 3 km", kind: "api", paths }, null);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  const ratio = service.p95 / raw.p95;
  const cpus = os.cpus();
  const row = (name: string, s: Stats) =>
    `${name.padEnd(30)} ${s.rps.toFixed(0).padStart(8)} ${ms(s.p50).padStart(10)} ${ms(s.p95).padStart(10)} ${ms(s.p99).padStart(10)} ${String(s.errors).padStart(5)}`;
  console.log(
    [
      "",
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, Node ${process.version}, ${where}; load average before ${loadBefore}, after ${loadAverage()}`,
      `Points: ${CENTRAL_TOKYO.map(([lat, lng], i) => `${lat},${lng} (${within[i]} stores)`).join("; ")}`,
      `${"run".padEnd(30)} ${"req/s".padStart(8)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)} ${"err".padStart(5)}`,
      row("API /api/livers/nearby", app),
      row("SQL of the service", service),
      row("raw SQL, same index", raw),
      "",
      `${app.p95 <= GEO_TARGETS.p95Ms ? "PASS" : "MISS"}  nearby p95 ${ms(app.p95)} (target ≤ ${GEO_TARGETS.p95Ms} ms)`,
      `${ratio <= GEO_TARGETS.serviceRawRatio ? "PASS" : "MISS"}  service SQL / raw SQL p95 ${ratio.toFixed(2)} (target ≤ ${GEO_TARGETS.serviceRawRatio})`,
    ].join("\n"),
  );
}

/** The news-mail section: the fan-out of one news to `--recipients` listeners (ADR 0025). */
async function benchNewsMailSection() {
  const recipients = Number(args.recipients);
  if (!Number.isInteger(recipients) || recipients < 1) throw new Error("--recipients: a positive count");
  const loadBefore = loadAverage();
  console.error(`bench: news mail to ${recipients.toLocaleString("en-US")} listeners`);
  const result = await benchNewsMail({
    databaseUrl: DATABASE_URL,
    recipients,
    ...(args.parallel ? { parallel: Number(args.parallel) } : {}),
    ...(args.chunk ? { chunkSize: Number(args.chunk) } : {}),
  });
  const cpus = os.cpus();
  console.log(
    [
      "",
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, Node ${process.version}; load average before ${loadBefore}, after ${loadAverage()}`,
      ...newsMailTable(result),
    ].join("\n"),
  );
}

/**
 * The weight section: the public pages in headless Chromium as a Pixel 7 (phone viewport, fresh
 * cache each): JavaScript gzip bytes against the budget of ADR 0020 and the LCP element.
 */
async function benchWeight() {
  const where = DATABASE_URL ? "PostgreSQL" : `PGlite in ${DATA_DIR}`;
  console.error(`bench: page weight on ${where}`);
  const database = await openDatabase(
    DATABASE_URL ? { databaseUrl: DATABASE_URL, poolSize: 2 } : { pgliteDir: path.join(DATA_DIR, "db") },
  );
  let fix: Fixture;
  let storeId: string;
  try {
    await ensureData(database);
    fix = await fixture(database);
    const [store] = await database.db
      .select({ uid: staffs.liver_id })
      .from(staffs)
      .where(eq(staffs.uid, fix.staffId));
    storeId = store?.uid ?? "";
  } finally {
    await database.close();
  }
  const paths = [
    ...WEIGHED_PAGES,
    "/search/liver",
    `/listener/liver/${storeId}`,
    `/listener/staff/${fix.staffId}`,
  ];
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  let results: Awaited<ReturnType<typeof weighPages>>;
  try {
    results = await weighPages(browser, BASE, paths, {
      ...devices["Pixel 7"],
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
    });
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  console.log(
    [
      "",
      "Page weight: production build (NODE_ENV=production), headless Chromium as a Pixel 7 (412×839 viewport), empty cache; JavaScript = every response with a JavaScript content type until the network is idle, each body gzip-compressed (zlib level 6), and as sent (brotli 11 from the build); LCP = the last largest-contentful-paint entry",
      "",
      ...weightTable(results),
      "",
    ].join("\n"),
  );
  for (const r of results) {
    console.error(
      `  ${r.path}: ${r.scripts.map((s) => `${new URL(s.url).pathname.replace("/assets/", "")} ${s.gzip}`).join(", ")}`,
    );
  }
}

/** The realtime section: one server process (even when WEB_CONCURRENCY says more), streams uncapped. */
async function benchRealtime() {
  const levels = args.subscribers.split(",").map(Number);
  if (levels.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--subscribers: a list of counts");
  const loadBefore = loadAverage();
  const where = DATABASE_URL ? "PostgreSQL" : `PGlite in ${DATA_DIR}`;
  console.error(`bench: SSE on ${where}, subscribers ${levels.join(", ")}, ${args.rounds} events each`);
  const database = await openDatabase(
    DATABASE_URL ? { databaseUrl: DATABASE_URL, poolSize: 2 } : { pgliteDir: path.join(DATA_DIR, "db") },
  );
  try {
    await ensureData(database);
  } finally {
    await database.close();
  }
  const server = await startServer({
    WEB_CONCURRENCY: "1",
    REALTIME_MAX_STREAMS_PER_ACCOUNT: String(Math.max(...levels) + 10),
  });
  let results: Awaited<ReturnType<typeof benchSse>>;
  try {
    results = await benchSse({
      base: BASE,
      serverPid: server.pid,
      levels,
      rounds: Number(args.rounds),
      staffCookie: await signIn("staff"),
      listenerCookie: await signIn("listener"),
    });
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  const cpus = os.cpus();
  console.log(
    [
      "",
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, Node ${process.version}; load average before ${loadBefore}, after ${loadAverage()}`,
      `Realtime: ${where}; one server process (NODE_ENV=production); subscribers are HTTP clients in the bench process on loopback, all on one account's stream; delay = follow request sent → event read, ${args.rounds} events per level`,
      "",
      ...sseTable(results),
    ].join("\n"),
  );
}

async function benchDirectory() {
  const loadBefore = loadAverage();
  const where = DATABASE_URL ? "PostgreSQL" : `PGlite in ${DATA_DIR}`;
  console.error(`bench: ${where}, ${CONNECTIONS} connections, ${DURATION} s per scenario`);
  const database = await openDatabase(
    DATABASE_URL
      ? { databaseUrl: DATABASE_URL, poolSize: CONNECTIONS }
      : { pgliteDir: path.join(DATA_DIR, "db") },
  );
  let fix: Fixture;
  const sqlStats = new Map<string, Stats>();
  const sqlAlone = new Map<string, number>();
  try {
    await ensureData(database);
    // Fresh statistics and visibility map (index-only scans), as autovacuum keeps them in production.
    await database.db.execute(sql`vacuum analyze`);
    fix = await fixture(database);
    for (const scenario of scenarios(fix)) {
      if (!scenario.queries) continue;
      const requests: Steps[] = [];
      for (const path of scenario.paths) requests.push(await scenario.queries(fix, database, path));
      sqlStats.set(scenario.name, await measureSql(database, requests, scenario.name));
      sqlAlone.set(scenario.name, await sequentialSql(database, requests));
    }
  } finally {
    // PGlite allows one process per data directory: the server opens it next.
    await database.close();
  }

  const server = await startServer();
  const results: { scenario: Scenario; app: Stats; alone?: number }[] = [];
  try {
    const cookie = await signIn();
    for (const scenario of scenarios(fix)) {
      // Warm-up: plans, caches, JIT (a rotating scenario on paths from the end of its list, which
      // the measured run does not reach: their totals must not be remembered before it).
      for (let i = 0; i < 20; i++) {
        const path = scenario.paths[Math.max(0, scenario.paths.length - 1 - i)];
        await fetch(`${BASE}${path}`, { headers: scenario.asListener ? { cookie } : {} });
      }
      const headers = scenario.asListener ? cookie : null;
      const alone = scenario.kind === "api" ? await sequentialApp(scenario, headers) : undefined;
      results.push({ scenario, app: await load(scenario, headers), alone });
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }

  // ---- the table ----
  const head = [
    "scenario".padEnd(38),
    "req/s".padStart(8),
    "p50".padStart(10),
    "p95".padStart(10),
    "p99".padStart(10),
    "err".padStart(5),
    "SQL q/s".padStart(9),
    "SQL p50".padStart(10),
    "SQL p95".padStart(10),
    "app/SQL".padStart(8),
  ].join(" ");
  const lines = [head, "-".repeat(head.length)];
  const verdicts: string[] = [];
  for (const { scenario, app } of results) {
    const raw = sqlStats.get(scenario.name);
    const ratio = raw ? app.p50 / raw.p50 : Number.NaN;
    lines.push(
      [
        scenario.name.padEnd(38),
        app.rps.toFixed(0).padStart(8),
        ms(app.p50).padStart(10),
        ms(app.p95).padStart(10),
        ms(app.p99).padStart(10),
        String(app.errors).padStart(5),
        (raw ? raw.rps.toFixed(0) : "").padStart(9),
        (raw ? ms(raw.p50) : "").padStart(10),
        (raw ? ms(raw.p95) : "").padStart(10),
        (raw ? ratio.toFixed(2) : "").padStart(8),
      ].join(" "),
    );
    if (scenario.kind === "api") {
      verdicts.push(
        `${app.p95 <= TARGETS.apiP95Ms ? "PASS" : "MISS"}  ${scenario.name}: p95 ${ms(app.p95)} (target ≤ ${TARGETS.apiP95Ms} ms)`,
      );
      if (raw)
        verdicts.push(
          `${ratio <= TARGETS.appSqlRatio ? "PASS" : "MISS"}  ${scenario.name}: app/SQL p50 ${ratio.toFixed(2)} (target ≤ ${TARGETS.appSqlRatio})`,
        );
    }
    if (scenario.paths[0]!.startsWith("/search/staff")) {
      verdicts.push(
        `${app.rps >= TARGETS.ssrSearchRps ? "PASS" : "MISS"}  ${scenario.name}: ${app.rps.toFixed(0)} req/s (target ≥ ${TARGETS.ssrSearchRps})`,
      );
    }
  }
  // ---- one request at a time ----
  const aloneHead = [
    "scenario (1 connection, p50 of 200)".padEnd(38),
    "app".padStart(10),
    "SQL".padStart(10),
    "app − SQL".padStart(10),
    "app/SQL".padStart(8),
  ].join(" ");
  const aloneLines = [aloneHead, "-".repeat(aloneHead.length)];
  for (const { scenario, alone } of results) {
    const raw = sqlAlone.get(scenario.name);
    if (alone === undefined || raw === undefined) continue;
    aloneLines.push(
      [
        scenario.name.padEnd(38),
        ms(alone).padStart(10),
        ms(raw).padStart(10),
        ms(alone - raw).padStart(10),
        (alone / raw).toFixed(2).padStart(8),
      ].join(" "),
    );
  }

  const cpus = os.cpus();
  console.log(
    [
      "",
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      `Load average (1/5/15 min) before ${loadBefore}, after ${loadAverage()}: other processes on the machine share its cores`,
      `Database: ${where}; ${STORES.toLocaleString("en-US")} stores, ${STAFF.toLocaleString("en-US")} staff; ${CONNECTIONS} connections, ${DURATION} s each; server NODE_ENV=production on loopback, gzip, ${workers()}`,
      "",
      ...lines,
      "",
      ...aloneLines,
      "",
      ...verdicts,
    ].join("\n"),
  );
}

/**
 * The posts section (ADR 0024): the large data set plus `--posts` posts and a listener
 * following 200 accounts; `GET /api/posts` unfiltered, by prefecture, `following` and
 * `sort=matching` against p95 ≤ 50 ms, SSR `/sns` against ≥ 100 req/s, and a few extra scenarios.
 */
async function benchPosts() {
  const loadBefore = loadAverage();
  const where = DATABASE_URL ? "PostgreSQL" : `PGlite in ${DATA_DIR}`;
  console.error(`bench: posts on ${where}, ${CONNECTIONS} connections, ${DURATION} s per scenario`);
  const database = await openDatabase(
    DATABASE_URL ? { databaseUrl: DATABASE_URL, poolSize: 4 } : { pgliteDir: path.join(DATA_DIR, "db") },
  );
  let fix: Fixture;
  let postCount: number;
  try {
    await ensureData(database);
    const bar = createProgressBar(process.stderr);
    postCount = await ensurePosts(database, POSTS, (done, total) =>
      bar.update({ phase: "posts", done, total }),
    );
    bar.end();
    await ensureFollowing(database);
    await database.db.execute(sql`vacuum analyze`);
    fix = await fixture(database);
  } finally {
    await database.close();
  }
  type PostScenario = Scenario & { who?: "listener" | "follower"; target?: "api" | "ssr" | "extra" };
  const list: PostScenario[] = [
    { name: "API posts (no filter)", kind: "api", paths: ["/api/posts"], target: "api" },
    {
      name: "API posts prefecture=tokyo",
      kind: "api",
      paths: ["/api/posts?prefecture=tokyo"],
      target: "api",
    },
    {
      name: "API posts following (200 follows)",
      kind: "api",
      paths: ["/api/posts?following=true"],
      who: "follower",
      target: "api",
    },
    {
      name: "API posts sort=matching (listener)",
      kind: "api",
      paths: ["/api/posts?sort=matching"],
      who: "listener",
      target: "api",
    },
    { name: "API posts source=youtube", kind: "api", paths: ["/api/posts?source=youtube"], target: "extra" },
    // Not an issue target, but a user-facing sort: one walk of posts_public_popular_idx (ADR 0024).
    { name: "API posts sort=popular", kind: "api", paths: ["/api/posts?sort=popular"], target: "extra" },
    { name: "API posts page 50", kind: "api", paths: ["/api/posts?page=50"], target: "extra" },
    { name: "SSR /sns", kind: "ssr", paths: ["/sns"], target: "ssr" },
    {
      name: "SSR /listener/staff/{id}/sns",
      kind: "ssr",
      paths: [`/listener/staff/${fix.staffId}/sns`],
      target: "extra",
    },
  ];
  const speedBefore = await machineSpeed(DATABASE_URL);
  const server = await startServer();
  const meter = cpuMeter(server.pid ?? 0, DATABASE_URL);
  const results: { scenario: PostScenario; app: Stats; alone?: number; cpu: CpuPerRequest }[] = [];
  try {
    const cookies = {
      listener: await signIn(),
      follower: await signIn("listener", FOLLOWING_LISTENER_EMAIL),
    };
    for (const scenario of list) {
      const cookie = scenario.who ? cookies[scenario.who] : null;
      for (let i = 0; i < 20; i++) {
        await fetch(`${BASE}${scenario.paths[0]}`, { headers: cookie ? { cookie } : {} });
      }
      const alone = scenario.kind === "api" ? await sequentialApp(scenario, cookie) : undefined;
      const before = await meter.snapshot();
      const app = await load(scenario, cookie);
      const cpu = await meter.perRequest(before, Math.round(app.rps * DURATION));
      results.push({ scenario, app, alone, cpu });
    }
  } finally {
    await meter.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  const head = [
    "scenario".padEnd(38),
    "req/s".padStart(8),
    "p50".padStart(10),
    "p95".padStart(10),
    "p99".padStart(10),
    "err".padStart(5),
    "1 conn p50".padStart(11),
    "CPU/req server".padStart(15),
    "database".padStart(9),
  ].join(" ");
  const lines = [head, "-".repeat(head.length)];
  const verdicts: string[] = [];
  for (const { scenario, app, alone, cpu } of results) {
    lines.push(
      [
        scenario.name.padEnd(38),
        app.rps.toFixed(0).padStart(8),
        ms(app.p50).padStart(10),
        ms(app.p95).padStart(10),
        ms(app.p99).padStart(10),
        String(app.errors).padStart(5),
        (alone === undefined ? "" : ms(alone)).padStart(11),
        ms(cpu.serverMs).padStart(15),
        (cpu.databaseMs === undefined ? "" : ms(cpu.databaseMs)).padStart(9),
      ].join(" "),
    );
    if (scenario.target === "api")
      verdicts.push(
        `${app.p95 <= TARGETS.apiP95Ms ? "PASS" : "MISS"}  ${scenario.name}: p95 ${ms(app.p95)} (target ≤ ${TARGETS.apiP95Ms} ms)`,
      );
    if (scenario.target === "ssr")
      verdicts.push(
        `${app.rps >= TARGETS.ssrSearchRps ? "PASS" : "MISS"}  ${scenario.name}: ${app.rps.toFixed(0)} req/s (target ≥ ${TARGETS.ssrSearchRps})`,
      );
  }
  console.log(
    [
      "",
      `Posts: ${postCount.toLocaleString("en-US")} posts on ${STORES.toLocaleString("en-US")} stores, ${STAFF.toLocaleString("en-US")} staff; ${where}; ${CONNECTIONS} connections, ${DURATION} s each; ${workers()}`,
      `Load average (1/5/15 min) before ${loadBefore}, after ${loadAverage()}: other processes on the machine share its cores`,
      describeSpeed(speedBefore, await machineSpeed(DATABASE_URL)),
      "",
      ...lines,
      "",
      ...verdicts,
    ].join("\n"),
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
