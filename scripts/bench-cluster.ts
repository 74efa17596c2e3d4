/**
 * `npm run bench -- --section cluster [--duration S] [--connections C] [--streams N]` — the site
 * behind a real proxy: nginx (Debian's package, never installed by this script) with the tested
 * configuration deploy/nginx/yoru.conf in front of two production instances (`node server.js`) on
 * one throw-away PostgreSQL database (docs/deployment.md, "nginx, tested"; docs/benchmarks.md,
 * "Two instances behind nginx").
 *
 * 1. Signed-out `/` through nginx's cache against the same page straight from one instance (the
 *    instances run without their own page cache, so "direct" is a render), with the
 *    Cache-Control the app sent and nginx's X-Cache-Status counts.
 * 2. Signed-in pages never come from the cache: two listeners signed in through nginx ask for
 *    their mypage and `/` in turns with signed-out visitors; each must see only her own nickname
 *    and no answer to a request with a session cookie may be served from the cache. A violation
 *    stops the bench with exit code 1.
 * 3. Under load through nginx (`/`, `/search/staff`, `GET /api/livers`, signed in so that every
 *    request passes the cache and reaches an instance) one instance gets SIGTERM (then is
 *    restarted), later SIGKILL: failed requests of each, and the requests nginx retried on the
 *    other instance. Meanwhile event streams of one account are held through nginx by
 *    clients that reconnect with Last-Event-ID, while events are published through the other
 *    instance: every client must have every event once (lost and duplicated are counted).
 *
 * Ports 4905 (nginx), 4906 and 4907 (the instances). PostgreSQL at CLUSTER_ADMIN_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres): a database `yoru_cluster_<random>` is made,
 * migrated and seeded with the demo data by the first instance, and dropped at the end.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../app/.server/db/client";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../app/.server/seed/seed-database";
import { FACTORY_PASSWORD, makeListener } from "../tests/support/factories";
import { productionBenchEnv, sleep } from "./lib/bench-servers";
import { buildIfStale } from "./lib/build-if-stale.mjs";

const { values: args } = parseArgs({
  strict: false,
  options: {
    section: { type: "string" },
    duration: { type: "string", default: "12" },
    connections: { type: "string", default: "8" },
    streams: { type: "string", default: "4" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const STREAMS = Number(args.streams);

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const PORTS = { nginx: 4905, a: 4906, b: 4907 };
const PROXY = `http://127.0.0.1:${PORTS.nginx}`;
const ADMIN_URL = process.env.CLUSTER_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TEMPLATE = path.resolve("deploy/nginx/yoru.conf");
/** What the load of the kill phases asks for, in turn. */
const MIX = ["/", "/search/staff", "/api/livers"];
/** X-Cache-Status values of answers that came out of the cache. */
const FROM_CACHE = new Set(["HIT", "STALE", "UPDATING", "REVALIDATED"]);
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,*/*" };

interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface LoadResult {
  rps: number;
  p50: number;
  p975: number;
  total: number;
  failed: number;
  statuses: Record<string, number>;
}

interface AccessLine {
  at: number;
  method: string;
  uri: string;
  status: number;
  upstream: string;
  upstreamStatus: string;
  cache: string;
}

const rows: [string, string][] = [];
const row = (label: string, value: string) => {
  rows.push([label, value]);
  console.error(`  ${label}: ${value}`);
};

let failed = false;
function fail(message: string): never {
  failed = true;
  console.error(`\n*** cluster bench FAILED: ${message}\n`);
  throw new Error(message);
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

/**
 * The production build as it is now, copied beside the logs: the instances (and the one restarted
 * halfway) run this copy, whatever `react-router build` another shell runs meanwhile.
 */
function copyApp(dir: string): string {
  const app = path.join(dir, "app");
  mkdirSync(app);
  for (const entry of ["build", "drizzle", "server.js", "package.json"])
    cpSync(entry, path.join(app, entry), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(app, "node_modules"));
  return app;
}

function startInstance(name: string, port: number, env: Record<string, string>, dir: string): Instance {
  const log = createWriteStream(path.join(dir, `${name}.log`), { flags: "a" });
  const child = spawn(process.execPath, ["server.js"], {
    cwd: path.join(dir, "app"),
    // One DATA_DIR for both, as one bucket would be: the demo pictures made by the first serve both.
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: path.join(dir, "data") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { name, port, base: `http://127.0.0.1:${port}`, child, exited };
}

async function healthy(instance: Instance, logDir: string): Promise<void> {
  let gone = false;
  void instance.exited.then(() => {
    gone = true;
  });
  await until(
    `instance ${instance.name} on ${instance.port}`,
    async () => {
      if (gone)
        fail(
          `instance ${instance.name} exited while starting:\n${readFileSync(path.join(logDir, `${instance.name}.log`), "utf8").slice(-3000)}`,
        );
      return (await status(`${instance.base}/api/health`)) === 200 ? true : undefined;
    },
    180_000,
  );
}

function readAccessLog(file: string): AccessLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      // `|`-separated (nginx.conf below): a retried request's upstreams read "a:1, b:2".
      const [at, method, uri, status, upstream, upstreamStatus, cache] = line.split("|");
      return {
        at: Number(at) * 1000,
        method: method ?? "",
        uri: uri ?? "",
        status: Number(status),
        upstream: upstream ?? "-",
        upstreamStatus: upstreamStatus ?? "-",
        cache: cache ?? "-",
      };
    });
}

function load(
  base: string,
  paths: string[],
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  let next = 0;
  const run = autocannon as unknown as (
    options: Record<string, unknown>,
    callback: (error: Error | null, result: AutocannonResult) => void,
  ) => unknown;
  return new Promise((resolve, reject) => {
    run(
      {
        url: `${base}${paths[0]}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { ...BROWSER_HEADERS, ...headers },
        ...(paths.length > 1
          ? {
              requests: [
                {
                  setupRequest: (request: { path: string }) => ({
                    ...request,
                    path: paths[next++ % paths.length]!,
                  }),
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const statuses: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p975: result.latency.p97_5,
          total: result.requests.total,
          failed: result.errors + result.timeouts + result.non2xx,
          statuses,
        });
      },
    );
  });
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}

async function login(
  base: string,
  role: "listener" | "staff",
  body: Record<string, string>,
): Promise<string> {
  const response = await fetch(`${base}/${role}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PROXY },
    body: new URLSearchParams(body),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c?.includes("session_token"))
    .join("; ");
  if (!cookie) fail(`sign-in as ${role} through ${base} failed (${response.status})`);
  return cookie;
}

/**
 * An event-stream client as EventSource is one: on a cut or an ended stream it connects again
 * (through nginx) with `Last-Event-ID`, the number of the last event it read.
 */
class StreamClient {
  readonly ids: number[] = [];
  reconnects = 0;
  resets = 0;
  refused = 0;
  private lastId: number;
  private request?: http.ClientRequest;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    from: number,
  ) {
    this.lastId = from;
    this.connect(true);
  }

  private connect(first: boolean): void {
    if (this.stopped) return;
    const url = first ? `${this.url}?last_event_id=${this.lastId}` : this.url;
    const headers: Record<string, string> = { cookie: this.cookie, accept: "text/event-stream" };
    if (!first) headers["last-event-id"] = String(this.lastId);
    const again = () => {
      if (this.stopped) return;
      this.reconnects++;
      // EventSource waits the stream's `retry:` (3 s); a short wait changes nothing that is counted.
      setTimeout(() => this.connect(false), 200);
    };
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      again();
    };
    this.request = http.get(url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        this.refused++;
        response.resume();
        response.once("end", once);
        return;
      }
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf("\n\n");
        while (at >= 0) {
          this.frame(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
          at = buffer.indexOf("\n\n");
        }
      });
      response.once("close", once);
      response.once("error", once);
    });
    this.request.once("error", once);
  }

  private frame(block: string): void {
    const id = /^id: ?(\d+)$/m.exec(block)?.[1];
    const event = /^event: ?(.+)$/m.exec(block)?.[1];
    if (event === "reset") this.resets++;
    if (id === undefined) return;
    if (event !== "reset") this.ids.push(Number(id));
    this.lastId = Number(id);
  }

  stop(): void {
    this.stopped = true;
    this.request?.destroy();
  }
}

async function topicHead(client: pg.Client, topic: string): Promise<number> {
  const { rows: found } = await client.query<{ last_seq: string }>(
    "select last_seq from realtime_topics where topic = $1",
    [topic],
  );
  return Number(found[0]?.last_seq ?? 0);
}

async function main(): Promise<void> {
  if (!existsSync(NGINX)) {
    console.error(
      `The cluster section needs nginx at ${NGINX} (or NGINX_BIN): on Debian/Ubuntu \`sudo apt-get install nginx\` ` +
        "(the package's service need not run; the bench starts its own nginx in a temporary directory).",
    );
    process.exitCode = 1;
    return;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.error(`The cluster section needs PostgreSQL at ${ADMIN_URL}: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  buildIfStale("bench");
  const dbName = `yoru_cluster_${randomBytes(4).toString("hex")}`;
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${dbName}`;
  const dir = mkdtempSync(path.join(tmpdir(), "yoru-cluster-"));
  copyApp(dir);
  await admin.query(`create database ${dbName}`);
  console.error(
    `bench: cluster, nginx ${PROXY} → ${PORTS.a}, ${PORTS.b}; database ${dbName}; files in ${dir}`,
  );

  const secret = randomBytes(32).toString("hex");
  const instanceEnv = (seed: boolean): Record<string, string> => ({
    // One secret for both instances: a session made by one is good at the other.
    ...productionBenchEnv(secret),
    DATABASE_URL: databaseUrl.toString(),
    BASE_URL: PROXY,
    TRUST_PROXY: "1",
    SEED_DEMO: seed ? "true" : "false",
    // Each instance renders every page: the cache measured here is nginx's.
    PAGE_CACHE_MB: "0",
  });
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  const streams: StreamClient[] = [];
  let dbClient: pg.Client | undefined;
  try {
    const a = startInstance("a", PORTS.a, instanceEnv(true), dir);
    instances.push(a);
    await healthy(a, dir);
    let b = startInstance("b", PORTS.b, instanceEnv(false), dir);
    instances.push(b);
    await healthy(b, dir);

    // nginx, non-daemon, everything it writes in `dir`.
    const accessLog = path.join(dir, "access.log");
    // docs/deployment.md shows this configuration: say so when the two have drifted apart.
    if (!readFileSync("docs/deployment.md", "utf8").includes(readFileSync(TEMPLATE, "utf8")))
      console.error(`bench: WARNING docs/deployment.md no longer shows ${TEMPLATE} as it is`);
    // The template's `${YORU_…}` names, as `envsubst` with their list would fill them in.
    const values: Record<string, string> = {
      YORU_LISTEN: `127.0.0.1:${PORTS.nginx}`,
      YORU_CACHE_DIR: path.join(dir, "cache"),
      YORU_APP_1: `127.0.0.1:${PORTS.a}`,
      YORU_APP_2: `127.0.0.1:${PORTS.b}`,
    };
    const site = readFileSync(TEMPLATE, "utf8").replace(
      /\$\{(YORU_[A-Z0-9_]+)\}/g,
      (_, name: string) =>
        values[name] ?? fail(`${TEMPLATE} names \${${name}}, which the bench does not know`),
    );
    writeFileSync(path.join(dir, "yoru.conf"), site);
    // nginx started by root runs its worker as `nobody`: it must reach the cache and temporary
    // directories, which nginx makes (and hands to that user) itself.
    chmodSync(dir, 0o755);
    writeFileSync(
      path.join(dir, "nginx.conf"),
      `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format cluster '$msec|$request_method|$request_uri|$status|$upstream_addr|$upstream_status|$upstream_cache_status';
  access_log ${accessLog} cluster buffer=32k flush=100ms;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/yoru.conf;
}
`,
    );
    const nginxArgs = ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")];
    const check = spawnSync(NGINX, ["-t", ...nginxArgs], { encoding: "utf8" });
    if (check.status !== 0) fail(`nginx -t refused the configuration:\n${check.stderr}`);
    nginx = spawn(NGINX, nginxArgs, { stdio: ["ignore", "inherit", "inherit"] });
    let answered = 0;
    await until(
      "nginx",
      async () => {
        answered = await status(`${PROXY}/api/health`);
        return answered === 200 ? true : undefined;
      },
      30_000,
    ).catch((error: Error) => fail(`${error.message} (last answer ${answered}; ${dir}/error.log)`));

    // 1. Signed-out `/`: what the app says about caching, then the cache against a render.
    const probe = await fetch(`${PROXY}/`, { headers: BROWSER_HEADERS });
    await probe.arrayBuffer();
    const second = await fetch(`${PROXY}/`, { headers: BROWSER_HEADERS });
    await second.arrayBuffer();
    const cacheControl = probe.headers.get("cache-control") ?? "(none)";
    row("signed-out / Cache-Control", cacheControl);
    row("signed-out / Vary", probe.headers.get("vary") ?? "(none)");
    row(
      "signed-out / X-Cache-Status, 1st then 2nd",
      `${probe.headers.get("x-cache-status")}, ${second.headers.get("x-cache-status")}`,
    );
    console.error("bench: signed-out / direct to one instance");
    const direct = await load(a.base, ["/"], DURATION);
    console.error("bench: signed-out / through nginx");
    const since = Date.now();
    const proxied = await load(PROXY, ["/"], DURATION);
    const statuses: Record<string, number> = {};
    for (const line of readAccessLog(accessLog))
      if (line.at >= since && line.uri === "/") statuses[line.cache] = (statuses[line.cache] ?? 0) + 1;
    row(
      "signed-out / direct: req/s, p50, p97.5",
      `${direct.rps.toFixed(0)} req/s, ${direct.p50} ms, ${direct.p975} ms`,
    );
    row(
      "signed-out / through nginx: req/s, p50, p97.5",
      `${proxied.rps.toFixed(0)} req/s, ${proxied.p50} ms, ${proxied.p975} ms`,
    );
    row("through nginx ÷ direct (req/s)", `${(proxied.rps / direct.rps).toFixed(1)}×`);
    row(
      "nginx X-Cache-Status during the run",
      Object.entries(statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    );
    row("signed-out / failed answers, direct and through nginx", `${direct.failed}, ${proxied.failed}`);

    // 2. Signed-in pages never come from the cache.
    const db = await openDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 2, migrate: false });
    const stamp = randomBytes(3).toString("hex");
    const people = [
      await makeListener(db.db, { nickname: `甲クラスタ${stamp}`, email: `cluster-a-${stamp}@example.com` }),
      await makeListener(db.db, { nickname: `乙クラスタ${stamp}`, email: `cluster-b-${stamp}@example.com` }),
    ];
    await db.close();
    const cookies: string[] = [];
    for (const person of people)
      cookies.push(await login(PROXY, "listener", { email: person.email!, password: FACTORY_PASSWORD }));
    row("session cookie name", cookies[0]!.split("=")[0]!);
    const violations: string[] = [];
    const seen: Record<string, number> = {};
    let signedInRequests = 0;
    const ROUNDS = 40;
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all([
        fetch(`${PROXY}/`, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer()),
        ...people.flatMap((person, i) =>
          ["/listener/mypage", "/"].map(async (page) => {
            const response = await fetch(`${PROXY}${page}`, {
              headers: { ...BROWSER_HEADERS, cookie: cookies[i]! },
              redirect: "manual",
            });
            const html = await response.text();
            signedInRequests++;
            const cache = response.headers.get("x-cache-status") ?? "(none)";
            seen[cache] = (seen[cache] ?? 0) + 1;
            const other = people[1 - i]!;
            if (response.status !== 200) violations.push(`${person.name} ${page}: status ${response.status}`);
            if (FROM_CACHE.has(cache)) violations.push(`${person.name} ${page}: X-Cache-Status ${cache}`);
            if (html.includes(other.name!)) violations.push(`${person.name} ${page}: shows ${other.name}`);
            // The header names whoever is signed in, on every page (components/layout/site-header.tsx).
            if (!html.includes(person.name!))
              violations.push(`${person.name} ${page}: her nickname is missing`);
            if (html.includes('data-testid="login-menu"'))
              violations.push(`${person.name} ${page}: the signed-out page`);
          }),
        ),
      ]);
    }
    row(
      "signed-in requests through nginx (2 listeners × mypage and /)",
      `${signedInRequests}, X-Cache-Status ${Object.entries(seen)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}, violations ${violations.length}`,
    );
    if (violations.length > 0)
      fail(
        `a signed-in page came from the cache or showed another listener:\n  ${violations.slice(0, 20).join("\n  ")}`,
      );

    // 3. Kills under load, with event streams held through nginx.
    const staffCookie = await login(PROXY, "staff", {
      login_id: DEMO_ACCOUNTS.staff.loginId,
      password: DEMO_PASSWORD,
    });
    dbClient = new pg.Client({ connectionString: databaseUrl.toString() });
    dbClient.on("error", () => {});
    await dbClient.connect();
    const { rows: staffRows } = await dbClient.query<{ uid: string }>(
      "select uid from staffs where login_id = $1",
      [DEMO_ACCOUNTS.staff.loginId],
    );
    const staffId = staffRows[0]?.uid;
    if (!staffId) fail("the demo staff member is missing");
    const topic = `account:${staffId}`;
    const follower = cookies[0]!;

    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      // nginx sends to b again (after a restart its fail_timeout has to pass).
      const back = Date.now();
      await until(
        "nginx to send requests to instance b",
        async () => {
          // Signed in, so that the answer never comes from the cache.
          await fetch(`${PROXY}/api/health`, { headers: { cookie: staffCookie } }).then((r) =>
            r.arrayBuffer(),
          );
          return readAccessLog(accessLog).some((l) => l.at >= back && l.upstream.includes(`:${PORTS.b}`))
            ? true
            : undefined;
        },
        60_000,
      );
      const head0 = await topicHead(dbClient, topic);
      streams.length = 0;
      for (let i = 0; i < STREAMS; i++)
        streams.push(new StreamClient(`${PROXY}/api/me/events`, staffCookie, head0));
      // Events published through instance a only, one follow or unfollow at a time.
      let publishing = true;
      let published = 0;
      let publishFailed = 0;
      const publisher = (async () => {
        while (publishing) {
          const follow = await fetch(`${a.base}/api/favorites`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: PROXY, cookie: follower },
            body: JSON.stringify({ staff_id: staffId }),
          });
          const favorite = (await follow.json()) as { favorite_id?: string };
          if (!follow.ok || !favorite.favorite_id) {
            publishFailed++;
            continue;
          }
          const unfollow = await fetch(`${a.base}/api/favorites/${favorite.favorite_id}`, {
            method: "DELETE",
            headers: { origin: PROXY, cookie: follower },
          });
          await unfollow.arrayBuffer();
          if (unfollow.ok) published += 2;
          else publishFailed++;
          await sleep(50);
        }
      })();
      console.error(
        `bench: load through nginx, ${signal} to instance b after ${(DURATION / 3).toFixed(0)} s`,
      );
      const start = Date.now();
      // A signed-in visitor's browsing: the cache is bypassed, every request reaches an instance.
      const loading = load(PROXY, MIX, DURATION, { cookie: cookies[1]! });
      await sleep((DURATION / 3) * 1000);
      const killedAt = Date.now();
      b.child.kill(signal);
      const exit = await b.exited;
      const exitMs = Date.now() - killedAt;
      const result = await loading;
      publishing = false;
      await publisher;
      const head = await topicHead(dbClient, topic);
      // (The follows' notification jobs may still add events after `head`.)
      await until(
        "every stream to read the last event",
        () => (streams.every((s) => (s.ids.at(-1) ?? head0) >= head) ? true : undefined),
        30_000,
      );
      for (const stream of streams) stream.stop();
      const expected = head - head0;
      let lost = 0;
      let duplicated = 0;
      for (const stream of streams) {
        const got = new Set(stream.ids);
        duplicated += stream.ids.length - got.size;
        for (let seq = head0 + 1; seq <= head; seq++) if (!got.has(seq)) lost++;
      }
      const moved = streams.filter((s) => s.reconnects > 0).length;
      const resets = streams.reduce((n, s) => n + s.resets, 0);
      const refused = streams.reduce((n, s) => n + s.refused, 0);
      const window = readAccessLog(accessLog).filter((l) => l.at >= start && l.method === "GET");
      const retried = window.filter((l) => l.upstreamStatus.includes(",")).length;
      const proxy5xx = window.filter((l) => l.status >= 500).length;
      row(
        `${signal} under load (signed-in /, /search/staff, /api/livers): requests, failed (target ${signal === "SIGTERM" ? "0" : "in-flight only"})`,
        `${result.total}, ${result.failed} (${Object.entries(result.statuses)
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ")}), ${result.rps.toFixed(0)} req/s`,
      );
      row(
        `${signal}: requests nginx retried on the other instance; 5xx it answered`,
        `${retried}; ${proxy5xx}`,
      );
      row(`${signal}: instance b exit`, `${exit.signal ?? `code ${exit.code}`} after ${exitMs} ms`);
      row(
        `${signal}: event streams (${STREAMS} through nginx, ${expected} events published through a)`,
        `moved to a: ${moved}, lost ${lost}, duplicated ${duplicated}, resets ${resets}, refused ${refused}, publish errors ${publishFailed}`,
      );
      if (signal === "SIGTERM" && (exit.code !== 0 || result.failed > 0))
        fail(
          `SIGTERM: instance b exited with ${exit.signal ?? exit.code} and ${result.failed} requests failed`,
        );
      if (lost + duplicated + resets > 0)
        fail(`${signal}: event streams lost ${lost}, duplicated ${duplicated} events (${resets} resets)`);
      if (published === 0) fail("no event was published");
      // b again, for the next round (and as an operator would restart it).
      b = startInstance("b", PORTS.b, instanceEnv(false), dir);
      instances[1] = b;
      await healthy(b, dir);
    }
  } finally {
    await dbClient?.end().catch(() => {});
    for (const stream of streams) stream.stop();
    nginx?.kill("SIGQUIT");
    await Promise.all(
      instances.map(async (instance) => {
        if (instance.child.exitCode === null && instance.child.signalCode === null)
          instance.child.kill("SIGTERM");
        await instance.exited;
      }),
    );
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    // On a failure the logs of nginx and of the instances stay for a look.
    if (failed) console.error(`bench: logs kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log("\n### Two instances behind nginx\n");
  console.log("| measure | result |\n|---|---|");
  for (const [label, value] of rows) console.log(`| ${label} | ${value} |`);
}

try {
  await main();
} catch (error) {
  console.error((error as Error).stack ?? String(error));
  process.exitCode = 1;
}
