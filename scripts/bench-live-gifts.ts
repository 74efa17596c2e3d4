/**
 * Gifts bought with coins at a sustained rate (ADR 0043), part of
 * `npm run bench -- --section live`.
 *
 * On a throw-away PostgreSQL database, `listeners` listeners holding coins and no items each gift
 * a rose with `pay_with_coins` into the live of one of 20 staff members who are live (two in each
 * of 10 stores): every send buys and gives in one ledger transaction, with the live's `gift`
 * event, its ranking and the giver's fan points — the live room's path. The gift service
 * `sendGift` is called in this process with the server's pool, as the gifts bench does. Two runs
 * of `rate × seconds` gifts: started at `rate` a second (open loop, latency counted from when each
 * was due), then with twice the pool in flight (closed loop: the ceiling). Afterwards the ledger
 * and the fan points are reconciled and the coins spent checked against the gifts.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Viewer } from "../app/.server/auth/viewer";
import { type Db, DEFAULT_POOL_SIZE, openDatabase, queryRows } from "../app/.server/db/client";
import { fansReconcileIsClean, reconcileFans } from "../app/.server/services/fans/reconcile-fans";
import { sendGift } from "../app/.server/services/gifts/send-gift";
import { reconcileIsClean, reconcileLedger } from "../app/.server/services/ledger/reconcile-ledger";
import { DEFAULT_LIVE_SETTINGS } from "../app/.server/services/live/live-settings";
import { startLive } from "../app/.server/services/live/start-live";
import { makeListener, makeLiver, makeStaff } from "../tests/support/factories";
import { giveCoins } from "../tests/support/money";
import { type CpuPerRequest, cpuMeter } from "./bench-cpu";
import { count, createScratchDatabase, loadAverage } from "./bench-live-db";
import { pct, sleep } from "./lib/bench-servers";
import { describeSpeed, machineSpeed } from "./lib/machine-speed";
import { createProgressBar } from "./progress-bar";

export interface GiftRateOptions {
  databaseUrl: string;
  listeners: number;
  rate: number;
  seconds: number;
}

const ITEM = { id: "rose", name: "バラ", coins: 100 };
const STORES = 10;
const STAFF_PER_STORE = 2;
/** The issue's target: gifts with pay_with_coins a second, sustained. */
const RATE_TARGET = 300;

interface Performer {
  staffId: string;
  liveId: string;
}

/** The stores, their staff live, and the listeners with coins for `giftsEach` roses. */
async function seed(db: Db, listenerCount: number, giftsEach: number) {
  const bar = createProgressBar(process.stderr);
  const total = STORES * STAFF_PER_STORE + listenerCount;
  let done = 0;
  const tick = () => bar.update({ phase: "setup", done: ++done, total });
  const performers: Performer[] = [];
  for (let s = 0; s < STORES; s++) {
    const store = await makeLiver(db, { store_name: `ベンチ店 ${s}`, status: "public" });
    for (let i = 0; i < STAFF_PER_STORE; i++) {
      const cast = await makeStaff(db, store.uid, { status: "public", is_displayed: true });
      const live = await startLive({ db, actor: cast, input: { title: "ベンチ配信" } });
      if (!live.ok) throw new Error(`could not go live: ${live.error}`);
      performers.push({ staffId: cast.uid, liveId: live.live.live_id });
      tick();
    }
  }
  const listeners: Viewer[] = [];
  for (let i = 0; i < listenerCount; i++) {
    const listener = await makeListener(db, { nickname: `リスナー${i}` });
    await giveCoins(db, listener.uid, ITEM.coins * giftsEach);
    listeners.push(listener);
    tick();
  }
  bar.end();
  return { performers, listeners };
}

/** Statements this process sends (every node-postgres query, BEGIN and COMMIT included) while on. */
const statements = { counting: false, total: 0 };
function countStatements() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (statements.counting) statements.total++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

interface Run {
  label: string;
  gifts: number;
  refused: number;
  seconds: number;
  latencies: number[];
  cpu: CpuPerRequest;
  statements: number;
}

async function measure(url: string, options: GiftRateOptions): Promise<void> {
  const loadBefore = loadAverage();
  const speedBefore = await machineSpeed(url);
  const database = await openDatabase({ databaseUrl: url, poolSize: DEFAULT_POOL_SIZE }); // migrates
  const db = database.db;
  const perRun = options.rate * options.seconds;
  const parallel = 2 * DEFAULT_POOL_SIZE;
  try {
    const { performers, listeners } = await seed(
      db,
      options.listeners,
      1 + Math.ceil((2 * perRun) / options.listeners),
    );
    const meter = cpuMeter(process.pid, url);
    let next = 0;
    let latencies: number[] = [];
    let refused = 0;
    /** Gift number `next`: listener k of n, always to the same performer; latency from `due`. */
    const give = async (due: number) => {
      const k = next++ % listeners.length;
      const to = performers[k % performers.length]!;
      const result = await sendGift({
        db,
        actor: listeners[k]!,
        input: {
          item_id: ITEM.id,
          quantity: 1,
          staff_id: to.staffId,
          live_id: to.liveId,
          pay_with_coins: true,
          idempotency_key: randomUUID(),
        },
        settings: DEFAULT_LIVE_SETTINGS,
      });
      latencies.push(performance.now() - due);
      // Every send must buy its rose (she holds none): anything else counts as refused.
      if (!result.ok || result.gift.coins_spent !== ITEM.coins) refused++;
    };
    const timed = async (label: string, body: () => Promise<void>): Promise<Run> => {
      latencies = [];
      refused = 0;
      const before = await meter.snapshot();
      statements.total = 0;
      statements.counting = true;
      const started = performance.now();
      await body();
      const seconds = (performance.now() - started) / 1000;
      statements.counting = false;
      const cpu = await meter.perRequest(before, latencies.length);
      return {
        label,
        gifts: latencies.length,
        refused,
        seconds,
        latencies: latencies.sort((a, b) => a - b),
        cpu,
        statements: statements.total / Math.max(1, latencies.length),
      };
    };
    const closedLoop = (gifts: number) => async () => {
      let left = gifts;
      const worker = async () => {
        while (left-- > 0) await give(performance.now());
      };
      await Promise.all(Array.from({ length: parallel }, worker));
    };
    countStatements();
    // Each listener's first gift creates her item account and her fan and supporter rows: apart.
    const first = await timed(
      `first gift of each listener, ${parallel} in flight`,
      closedLoop(listeners.length),
    );
    const runs: Run[] = [];
    runs.push(
      await timed(`${options.rate}/s for ${options.seconds} s (open loop)`, async () => {
        // Gift j starts at j / rate seconds, whatever the ones before are doing.
        const started = performance.now();
        const inFlight: Promise<void>[] = [];
        for (let j = 0; j < perRun; j++) {
          const due = started + (j * 1000) / options.rate;
          const wait = due - performance.now();
          if (wait > 1) await sleep(wait);
          inFlight.push(give(due));
        }
        await Promise.all(inFlight);
      }),
    );
    runs.push(await timed(`${parallel} in flight (closed loop)`, closedLoop(perRun)));
    await meter.close();
    const speedAfter = await machineSpeed(url);
    const loadAfter = loadAverage();
    const ledger = await reconcileLedger({ db });
    const fans = await reconcileFans({ db });
    const [totals] = await queryRows<{ spent: string; gifts: string; held: string }>(
      db,
      sql`select
            (select coalesce(sum(amount), 0) from ledger_entries where account_id = 'platform:coins_spent') as spent,
            (select count(*) from gifts) as gifts,
            (select coalesce(sum(balance), 0) from ledger_accounts where owner_type = 'listener' and unit = 'items') as held`,
    );
    const accepted = [first, ...runs].reduce((sum, r) => sum + r.gifts - r.refused, 0);
    const spentOk = Number(totals?.spent) === accepted * ITEM.coins && Number(totals?.gifts) === accepted;
    const clean = reconcileIsClean(ledger) && fansReconcileIsClean(fans);
    const rate = (r: Run) => (r.gifts - r.refused) / r.seconds;
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      [
        "",
        `Gifts with pay_with_coins: ${count(listeners.length)} listeners holding coins and no items, each gifting a ${ITEM.name} (${ITEM.coins} coins) into the live of one of ${performers.length} staff members (${STORES} stores) through sendGift in this process, pool of ${DEFAULT_POOL_SIZE} connections (PostgreSQL, a throw-away database); every send buys and gives in one ledger transaction with the live's gift event, ranking and fan points`,
        `Load average (1/5/15 min) before ${loadBefore}, after ${loadAfter}`,
        describeSpeed(speedBefore, speedAfter),
        "",
        "| run | gifts | refused | seconds | gifts/s | p50 | p95 | max | statements | CPU per gift: Node + PostgreSQL |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...[first, ...runs].map(
          (r) =>
            `| ${r.label} | ${count(r.gifts)} | ${r.refused} | ${r.seconds.toFixed(2)} | ${rate(r).toFixed(0)} | ${ms(pct(r.latencies, 50))} | ${ms(pct(r.latencies, 95))} | ${ms(r.latencies.at(-1) ?? 0)} | ${r.statements.toFixed(1)} | ${r.cpu.serverMs.toFixed(2)} + ${(r.cpu.databaseMs ?? 0).toFixed(2)} ms |`,
        ),
        `Target: ≥ ${RATE_TARGET} gifts/s sustained — measured ${rate(runs[0]!).toFixed(0)} gifts/s at the ${options.rate}/s pace, ${rate(runs[1]!).toFixed(0)} gifts/s with ${parallel} in flight`,
        `Ledger: reconcile ${reconcileIsClean(ledger) ? "clean" : `DIFFERENCES (${ledger.balances.length} balances, ${ledger.unbalanced.length} transactions, ${ledger.storePoints.length} stores)`} over ${count(ledger.accounts)} accounts and ${count(ledger.transactions)} transactions; coins spent ${count(Number(totals?.spent))} = ${count(accepted)} gifts × ${ITEM.coins}: ${spentOk}; items left with listeners: ${totals?.held}; fan points: reconcile ${fansReconcileIsClean(fans) ? "clean" : "DIFFERENCES"}`,
      ].join("\n"),
    );
    // A ledger that does not hold, or a gift refused to a listener with the coins, is a defect (as in the gifts bench).
    if (!clean || !spentOk || first.refused + runs[0]!.refused + runs[1]!.refused > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

export async function benchLiveGifts(options: GiftRateOptions): Promise<void> {
  const scratch = await createScratchDatabase(options.databaseUrl, "livegifts");
  console.error(`bench: gifts with pay_with_coins on ${scratch.name}`);
  try {
    await measure(scratch.url, options);
  } finally {
    await scratch.drop();
  }
}
