/**
 * `npm run bench -- --section gifts [--listeners 200] [--performers 20] [--rounds 3] [--rate R] [--waits]` (ADR 0032,
 * ADR 0032): N listeners gift at once to M performers (staff of M/2 stores, and the stores), on a
 * throw-away database next to DATABASE_URL (PostgreSQL: the ledger's concurrency is only real
 * there; without DATABASE_URL it runs on PGlite in memory and says so). Each round every listener
 * sends one gift at the same moment through the gift service with the server's pool size; prints
 * gifts/s and the latency percentiles, then converts every store's items and checks the ledger:
 * reconcile reports nothing, the coins spent are the items bought at their coin price, and the
 * points the stores got are the items gifted at their point value. `--rate R` starts the same
 * gifts at R per second instead (open loop: latency counted from when each gift was due), the
 * issue's "300 gifts/s with p95 ≤ 100 ms" as a service level; all at once, 200 in flight over a
 * pool of 10 connections, p95 is about 190 gifts' worth of throughput (Little's law).
 * Also prints the statements sent per gift and the CPU per gift of this process and of the
 * PostgreSQL backends; `--waits` samples what the backends wait on and lists the statements.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Viewer } from "../app/.server/auth/viewer";
import { type Database, DEFAULT_POOL_SIZE, openDatabase, queryRows } from "../app/.server/db/client";
import { coinOrders, items } from "../app/.server/db/schema";
import { sendGift } from "../app/.server/services/gifts/send-gift";
import { buyItem } from "../app/.server/services/ledger/buy-item";
import { convertItems } from "../app/.server/services/ledger/convert-items";
import { fulfilCoinOrder } from "../app/.server/services/ledger/fulfil-coin-order";
import { reconcileIsClean, reconcileLedger } from "../app/.server/services/ledger/reconcile-ledger";
import { DEFAULT_LIVE_SETTINGS } from "../app/.server/services/live/live-settings";
import { makeListener, makeLiver, makeStaff } from "../tests/support/factories";
import { cpuMeter } from "./bench-cpu";
import { createProgressBar } from "./progress-bar";

const { values: args } = parseArgs({
  options: {
    section: { type: "string" },
    listeners: { type: "string", default: "200" },
    performers: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
    // Gifts per second started at a fixed pace (open loop) instead of all listeners at once.
    rate: { type: "string", default: "0" },
    // Samples what the database backends wait on during the gifts (pg_stat_activity every 2 ms).
    waits: { type: "boolean", default: false },
  },
  strict: false,
});
const LISTENERS = Number(args.listeners);
const PERFORMERS = Number(args.performers);
const ROUNDS = Number(args.rounds);
const RATE = Number(args.rate);

/**
 * Statements sent by this process (every node-postgres query, BEGIN and COMMIT included), counted
 * while `counting` is on: per gift, they do not depend on the machine's load.
 */
const statements = { counting: false, total: 0, byText: new Map<string, number>() };
async function countStatements() {
  const { default: pg } = await import("pg");
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (statements.counting) {
      statements.total++;
      const first = args[0] as string | { text?: string };
      const text = (typeof first === "string" ? first : (first?.text ?? "?"))
        .replace(/\s+/g, " ")
        .slice(0, 90);
      statements.byText.set(text, (statements.byText.get(text) ?? 0) + 1);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** What the scratch database's busy backends wait on, sampled every 2 ms while running. */
function waitSampler(url: string) {
  const samples = new Map<string, number>();
  let running = true;
  let total = 0;
  const done = (async () => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        const { rows } = await client.query<{ wait: string }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'CPU') || case when state = 'active' then '' else ' (' || state || ')' end as wait
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        total++;
        for (const row of rows) samples.set(row.wait, (samples.get(row.wait) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return [...samples]
        .sort((a, b) => b[1] - a[1])
        .map(([wait, n]) => `${wait} ${(n / Math.max(1, total)).toFixed(2)}`);
    },
  };
}

async function scratch(): Promise<{
  database: Database;
  where: string;
  url?: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    const database = await openDatabase({ pgliteDir: "memory://", lock: false });
    return { database, where: "PGlite (in memory; no real concurrency)", drop: () => database.close() };
  }
  const { default: pg } = await import("pg");
  // Named after DATABASE_URL's database, so whoever owns that name owns the scratch one too.
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || "bench";
  const name = `${base}_gifts_${randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: DEFAULT_POOL_SIZE });
  return {
    database,
    where: `PostgreSQL (pool of ${DEFAULT_POOL_SIZE})`,
    url: target.toString(),
    async drop() {
      await database.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

await countStatements();
const { database, where, url, drop } = await scratch();
const db = database.db;
try {
  console.log(
    `gifts: ${LISTENERS} listeners → ${PERFORMERS} performers, ${ROUNDS} rounds` +
      `${RATE > 0 ? ` started at ${RATE} gifts/s` : " of all at once"}, on ${where}`,
  );
  const bar = createProgressBar(process.stderr);
  const total = LISTENERS + PERFORMERS;
  let done = 0;
  const tick = () => bar.update({ phase: "setup", done: ++done, total });
  const stores: Viewer[] = [];
  const receivers: { staff_id?: string; liver_id?: string }[] = [];
  for (let i = 0; i < Math.ceil(PERFORMERS / 2); i++) {
    const store = await makeLiver(db, { store_name: `ベンチ店 ${i}`, status: "public" });
    stores.push(store);
    receivers.push({ liver_id: store.uid });
    tick();
  }
  while (receivers.length < PERFORMERS) {
    const store = stores[receivers.length % stores.length]!;
    const cast = await makeStaff(db, store.uid, { status: "public", is_displayed: true });
    receivers.push({ staff_id: cast.uid });
    tick();
  }
  const listeners: Viewer[] = [];
  for (let i = 0; i < LISTENERS; i++) {
    const listener = await makeListener(db);
    const orderId = randomUUID();
    await db.insert(coinOrders).values({
      order_id: orderId,
      listener_id: listener.uid,
      pack_id: "coins-500",
      coins: 100 * ROUNDS,
      bonus_coins: 0,
      price_jpy: 100 * ROUNDS,
      provider: "test",
    });
    await fulfilCoinOrder({ db, input: { orderId } });
    const bought = await buyItem({
      db,
      actor: listener,
      input: { item_id: "rose", quantity: ROUNDS, idempotency_key: randomUUID() },
    });
    if (!bought.ok) throw new Error("setup: a listener could not buy roses");
    listeners.push(listener);
    tick();
  }
  bar.end();

  const latencies: number[] = [];
  let failed = 0;
  const cpu = cpuMeter(process.pid, url);
  const cpuBefore = await cpu.snapshot();
  const waits = args.waits && url ? waitSampler(url) : undefined;
  statements.counting = true;
  const started = performance.now();
  /** One gift of listener `i`; its latency counts from `due` (when it should have started). */
  const give = async (i: number, due: number) => {
    const result = await sendGift({
      db,
      actor: listeners[i]!,
      input: {
        item_id: "rose",
        quantity: 1,
        ...receivers[i % receivers.length],
        idempotency_key: randomUUID(),
      },
      settings: DEFAULT_LIVE_SETTINGS,
    });
    latencies.push(performance.now() - due);
    if (!result.ok) failed++;
  };
  if (RATE > 0) {
    // Open loop: gift k starts at k / rate seconds, whatever the ones before are doing.
    const inFlight: Promise<void>[] = [];
    for (let k = 0; k < LISTENERS * ROUNDS; k++) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(give(k % LISTENERS, due));
    }
    await Promise.all(inFlight);
  } else {
    // Closed bursts: every listener at the same moment, then the next round.
    for (let round = 0; round < ROUNDS; round++) {
      const due = performance.now();
      await Promise.all(listeners.map((_, i) => give(i, due)));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  statements.counting = false;
  const waited = await waits?.stop();
  const perGift = await cpu.perRequest(cpuBefore, latencies.length);
  await cpu.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const gifts = latencies.length - failed;
  console.log(
    `gifts: ${gifts} gifts (${failed} refused) in ${seconds.toFixed(2)} s → ${(gifts / seconds).toFixed(0)} gifts/s; ` +
      `latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  );

  console.log(
    `gifts: ${(statements.total / latencies.length).toFixed(1)} statements per gift; CPU per gift: ` +
      `bench process ${perGift.serverMs.toFixed(2)} ms` +
      (perGift.databaseMs === undefined ? "" : `, PostgreSQL ${perGift.databaseMs.toFixed(2)} ms`),
  );
  if (waited) console.log(`gifts: backends waiting on (mean per sample): ${waited.join(", ")}`);
  if (args.waits)
    for (const [text, n] of [...statements.byText].sort((a, b) => b[1] - a[1]))
      console.log(`  ${(n / latencies.length).toFixed(2)}× ${text}`);

  for (const store of stores)
    await convertItems({ db, actor: store, input: { idempotencyKey: randomUUID() } });
  const report = await reconcileLedger({ db });
  const [rose] = await db.select().from(items).where(sql`${items.item_id} = 'rose'`);
  const [totals] = await queryRows<{ spent: string; points: string; gifted: string; bought: string }>(
    db,
    sql`select
          (select coalesce(sum(amount), 0) from ledger_entries where account_id = 'platform:coins_spent') as spent,
          (select coalesce(sum(balance), 0) from ledger_accounts where purpose = 'points' and owner_type = 'liver') as points,
          (select coalesce(sum(quantity), 0) from gifts) as gifted,
          (select coalesce(sum((result->>'quantity')::int), 0) from ledger_transactions where kind = 'item_purchase') as bought`,
  );
  const spentOk = Number(totals!.spent) === Number(totals!.bought) * rose!.coin_price;
  const pointsOk = Number(totals!.points) === Number(totals!.gifted) * rose!.point_value;
  const clean = reconcileIsClean(report);
  console.log(
    `gifts: reconcile ${clean ? "clean" : "DIFFERENCES"}; coins spent ${totals!.spent} = ${totals!.bought} roses × ${rose!.coin_price}: ${spentOk}; ` +
      `points ${totals!.points} = ${totals!.gifted} gifted × ${rose!.point_value}: ${pointsOk}`,
  );
  if (!clean || !spentOk || !pointsOk || failed > 0) process.exitCode = 1;
} finally {
  await drop();
}
