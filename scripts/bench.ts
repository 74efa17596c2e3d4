/**
 * npm run bench -- [--stores N] [--staff M] [--duration S] [--connections C] [--port P]
 *
 * Builds the large demo data set (when the database has less), starts the production server on
 * loopback, measures the directory with autocannon (p50/p95/p99, req/s) and runs the same queries
 * as raw SQL at the same concurrency, so the app's overhead over the database shows as a ratio.
 * PostgreSQL when DATABASE_URL is set, else PGlite in BENCH_DATA_DIR (default ./data/bench).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { count, eq, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../app/.server/db/client";
import { listeners, livers, staffs, user } from "../app/.server/db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "../app/.server/seed/seed-database";
import { buildLiverSearch } from "../app/.server/services/directory/search-livers";
import { buildStaffSearch } from "../app/.server/services/directory/search-staffs";
import { listedStaff } from "../app/.server/services/directory/staff-query";
import { parseLiverSearch, parseStaffSearch } from "../app/domain/directory-search";
import { matchingMask } from "../app/domain/matching";
import { businessDate } from "../app/domain/shift-status";
import { createProgressBar } from "./progress-bar";

const { values: args } = parseArgs({
  options: {
    stores: { type: "string", default: "2000" },
    staff: { type: "string", default: "40000" },
    listeners: { type: "string", default: "2000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "3499" },
  },
});
const STORES = Number(args.stores);
const STAFF = Number(args.staff);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? "data/bench");
const BASE = `http://127.0.0.1:${PORT}`;
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
      `truncate table favorites, schedules, logs, rooms, staffs, listeners, livers, session, account, verification, "user" cascade`,
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
  if (!listener || !staff) throw new Error("the data set has no demo listener or no listed staff");
  return {
    listenerUid: listener.uid,
    listenerMask: matchingMask(listener.info),
    staffId: staff.uid,
    // A common reading, typed in hiragana as people do: "さき" (ミサキ, サキ, アサキ…).
    keyword: "さき",
  };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  path: string;
  kind: "api" | "ssr";
  asListener?: boolean;
  /** The same queries the service runs, for the raw SQL comparison. */
  queries?: (f: Fixture, db: Database) => Promise<Steps>;
}

type Query = { sql: string; params: unknown[] };
/** The queries of one request: each step's queries run together, the steps one after another. */
type Steps = Query[][];

function staffQueries(query: string, listener: boolean) {
  return async (f: Fixture, database: Database): Promise<Steps> => {
    const parsed = parseStaffSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    const context = {
      today: businessDate(new Date()),
      listener: listener ? { uid: f.listenerUid, mask: f.listenerMask, matching_info: {} } : null,
    };
    const plan = buildStaffSearch(database.db, parsed.value, context);
    // A listener's request first reads their answers.
    const first: Steps = listener
      ? [[{ sql: "select matching_info from listeners where uid = $1", params: [f.listenerUid] }]]
      : [];
    if (plan.kind === "paged") return [...first, [plan.page.toSQL(), plan.total.toSQL()]];
    const page = plan.pageOf(await plan.classes);
    return [...first, [plan.classes.toSQL()], ...(page ? [[page.toSQL()]] : [])];
  };
}

function liverQueries(query: string) {
  return async (_f: Fixture, database: Database): Promise<Steps> => {
    const parsed = parseLiverSearch(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(parsed.message);
    const { page, total } = buildLiverSearch(database.db, parsed.value, null);
    return [[page.toSQL(), total.toSQL()]];
  };
}

const FILTERED = "ageFrom=20&ageTo=29&bloodTypes=A,O&region=kanto&prefecture=tokyo";

function scenarios(f: Fixture): Scenario[] {
  return [
    { name: "API staffs (no filter)", kind: "api", path: "/api/staffs", queries: staffQueries("", false) },
    {
      name: "API staffs age+blood+area",
      kind: "api",
      path: `/api/staffs?${FILTERED}`,
      queries: staffQueries(FILTERED, false),
    },
    {
      name: "API staffs keyword",
      kind: "api",
      path: `/api/staffs?keyword=${encodeURIComponent(f.keyword)}`,
      queries: staffQueries(`keyword=${f.keyword}`, false),
    },
    {
      name: "API staffs sort=matching (listener)",
      kind: "api",
      path: "/api/staffs?sort=matching",
      asListener: true,
      queries: staffQueries("sort=matching", true),
    },
    {
      name: "API livers group+services",
      kind: "api",
      path: "/api/livers?group=shinjuku&services=cheap,luxury",
      queries: liverQueries("group=shinjuku&services=cheap,luxury"),
    },
    { name: "SSR /", kind: "ssr", path: "/" },
    { name: "SSR /search/staff?…", kind: "ssr", path: `/search/staff?${FILTERED}` },
    { name: "SSR /listener/staff/{id}", kind: "ssr", path: `/listener/staff/${f.staffId}` },
  ];
}

// ---------------------------------------------------------------------------------------------
// Raw SQL at the same concurrency

async function measureSql(database: Database, steps: Steps, label: string): Promise<Stats> {
  // biome-ignore lint/suspicious/noExplicitAny: the driver client behind drizzle ($client): pg.Pool or PGlite
  const client = (database.db as any).$client as {
    query: (sql: string, params: unknown[]) => Promise<unknown>;
  };
  const run = async () => {
    for (const step of steps) await Promise.all(step.map((q) => client.query(q.sql, q.params)));
  };
  for (let i = 0; i < 20; i++) await run(); // warm-up (plans, caches)
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

// ---------------------------------------------------------------------------------------------
// The server and autocannon

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      BASE_URL: BASE,
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("base64"),
      SEED_DEMO: "false",
      DATA_DIR,
      // Production demands the operator's details (特定商取引法); the bench's are obviously fake.
      OPERATOR_NAME: "ベンチマーク運営",
      OPERATOR_REPRESENTATIVE: "ベンチ 太郎",
      OPERATOR_ADDRESS: "東京都千代田区千代田1-1",
      OPERATOR_PHONE: "03-0000-0000",
      OPERATOR_EMAIL: "bench@example.com",
      ...(DATABASE_URL ? { DATABASE_URL } : { DATABASE_URL: "" }),
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

async function signIn(): Promise<string> {
  const body = new URLSearchParams({ email: DEMO_ACCOUNTS.listener.email, password: DEMO_PASSWORD });
  const response = await fetch(`${BASE}/listener/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c?.includes("session_token"))) {
    throw new Error(`could not sign in as the demo listener (status ${response.status})`);
  }
  return cookies.join("; ");
}

function load(scenario: Scenario, cookie: string | null): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    const instance = autocannon(
      {
        url: `${BASE}${scenario.path}`,
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

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "–");

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
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
  try {
    await ensureData(database);
    // Fresh statistics and visibility map (index-only scans), as autovacuum keeps them in production.
    await database.db.execute(sql`vacuum analyze`);
    fix = await fixture(database);
    for (const scenario of scenarios(fix)) {
      if (!scenario.queries) continue;
      sqlStats.set(
        scenario.name,
        await measureSql(database, await scenario.queries(fix, database), scenario.name),
      );
    }
  } finally {
    // PGlite allows one process per data directory: the server opens it next.
    await database.close();
  }

  const server = await startServer();
  const results: { scenario: Scenario; app: Stats }[] = [];
  try {
    const cookie = await signIn();
    for (const scenario of scenarios(fix)) {
      // Warm-up: plans, caches, JIT.
      for (let i = 0; i < 20; i++)
        await fetch(`${BASE}${scenario.path}`, { headers: scenario.asListener ? { cookie } : {} });
      results.push({ scenario, app: await load(scenario, scenario.asListener ? cookie : null) });
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
    if (scenario.path.startsWith("/search/staff")) {
      verdicts.push(
        `${app.rps >= TARGETS.ssrSearchRps ? "PASS" : "MISS"}  ${scenario.name}: ${app.rps.toFixed(0)} req/s (target ≥ ${TARGETS.ssrSearchRps})`,
      );
    }
  }
  const cpus = os.cpus();
  console.log(
    [
      "",
      `Machine: ${cpus.length} × ${cpus[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      `Load average (1/5/15 min) before ${loadBefore}, after ${loadAverage()}: other processes on the machine share its cores`,
      `Database: ${where}; ${STORES.toLocaleString("en-US")} stores, ${STAFF.toLocaleString("en-US")} staff; ${CONNECTIONS} connections, ${DURATION} s each; server NODE_ENV=production on loopback, gzip`,
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
