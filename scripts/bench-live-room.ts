/**
 * The live room under load (ADR 0043), part of `npm run bench -- --section live`.
 *
 * Two server processes (the built server.js) on a throw-away PostgreSQL database; `streams` event
 * streams of one live (`GET /api/lives/{id}/events`, signed out, half on each process);
 * `commentRate` comments a second from 3 × rate listeners (each every 3 s, under the one-per-2-s
 * rule), posted alternately to both processes; meanwhile one listener sends `gifts` top-tier gifts
 * (`POST /api/gifts` with `live_id` and `pay_with_coins`: she holds coins, no items), one a second,
 * alternately through each process. Gift delay = from just before the POST until a stream read
 * that gift's `gift` event; comment delay = from sending the comment until a stream read it. Every
 * gift and comment is counted at every stream; p50/p95/max over all deliveries.
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { eq } from "drizzle-orm";
import type { Viewer } from "../app/.server/auth/viewer";
import { openDatabase } from "../app/.server/db/client";
import { items, lives, remoteConfigValues } from "../app/.server/db/schema";
import { heartbeatLive } from "../app/.server/services/live/heartbeat-live";
import { startLive } from "../app/.server/services/live/start-live";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../tests/support/factories";
import { giveCoins } from "../tests/support/money";
import { count, createScratchDatabase, loadAverage } from "./bench-live-db";
import { type BenchServer, login, pct, sleep, startServer } from "./lib/bench-servers";
import { describeSpeed, machineSpeed } from "./lib/machine-speed";

export interface LiveRoomOptions {
  databaseUrl: string;
  streams: number;
  commentRate: number;
  gifts: number;
  /** A top-tier item: champagne (5,000 coins) or tower (30,000). */
  item: string;
}

/** The target for a gift reaching every viewer. */
const GIFT_P95_TARGET_MS = 250;
const GIFT_EVERY_MS = 1000;
/** How long a gift is waited for at every stream before the next one is sent. */
const DELIVERY_WAIT_MS = 5000;

/** Accounts and the live, made through the app's services before the servers start. */
async function seed(url: string, options: LiveRoomOptions) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 }); // migrates the new database
  const db = database.db;
  const [item] = await db.select().from(items).where(eq(items.item_id, options.item));
  if (!item) throw new Error(`no item ${options.item}`);
  const store = await makeLiver(db, { store_name: "ベンチ", status: "public" });
  const cast = await makeStaff(db, store.uid, { name: "ベンチ", status: "public", is_displayed: true });
  const giver = await makeListener(db, { nickname: "太客" });
  await giveCoins(db, giver.uid, item.coin_price * options.gifts);
  const commenters: Viewer[] = [];
  for (let i = 0; i < options.commentRate * 3; i++)
    commenters.push(await makeListener(db, { nickname: `視聴者${i}` }));
  // No viewer cap for the bench (the operator's remote configuration, ADR 0033).
  await db
    .insert(remoteConfigValues)
    .values({ key: "live_max_viewers", value: 10_000 })
    .onConflictDoUpdate({ target: remoteConfigValues.key, set: { value: 10_000 } });
  const started = await startLive({ db, actor: cast, input: { title: "ベンチ配信" } });
  if (!started.ok) throw new Error(`could not go live: ${started.error}`);
  return { database, cast, giver, commenters, item, liveId: started.live.live_id };
}

type OnEvent = (side: number, type: string, data: string) => void;

/** `n` streams of the live, stream i on server i % 2, read as EventSource does. */
async function openStreams(servers: BenchServer[], liveId: string, n: number, onEvent: OnEvent) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  const open = (side: number) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(`${servers[side]!.base}/api/lives/${liveId}/events`, { agent }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
        resolve();
        let buffer = "";
        response.setEncoding("utf8");
        response.on("error", () => {}); // closed by the bench at the end
        response.on("data", (chunk: string) => {
          buffer += chunk;
          for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type && data !== undefined) onEvent(side, type, data);
          }
        });
      });
      request.on("error", reject);
      requests.push(request);
    });
  await Promise.all(Array.from({ length: n }, (_, i) => open(i % 2)));
  return () => {
    for (const request of requests) request.destroy();
    agent.destroy();
  };
}

/** Comments at `rate` a second (open loop) until stopped; `sent` maps a comment's tag to its start. */
function commentFlow(servers: BenchServer[], liveId: string, cookies: string[], rate: number) {
  const sent = new Map<string, number>();
  const answers: number[] = [];
  let refused = 0;
  let running = true;
  let posted = 0;
  const post = async (n: number) => {
    const tag = String(n);
    const t0 = performance.now();
    sent.set(tag, t0);
    try {
      const response = await fetch(`${servers[n % 2]!.base}/api/lives/${liveId}/comments`, {
        method: "POST",
        headers: { cookie: cookies[n % cookies.length]!, "content-type": "application/json" },
        body: JSON.stringify({ body: `コメント #${tag}` }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) refused++;
    } catch {
      refused++;
    }
    answers.push(performance.now() - t0);
  };
  const done = (async () => {
    const posts: Promise<void>[] = [];
    const start = performance.now();
    while (running) {
      const wait = start + (posted * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      if (running) posts.push(post(posted++));
    }
    await Promise.all(posts);
  })();
  return {
    sent,
    async stop() {
      running = false;
      await done;
      return { posted, refused, answers: answers.sort((a, b) => a - b) };
    },
  };
}

interface SentGift {
  id: string;
  t0: number;
  side: number;
}

/** The gifts, one a second, each awaited at every stream (at most DELIVERY_WAIT_MS) before the next. */
async function sendGifts(
  servers: BenchServer[],
  body: Record<string, unknown>,
  cookie: string,
  gifts: number,
  everywhere: (id: string) => boolean,
) {
  const sent: SentGift[] = [];
  const answers: number[] = [];
  const tiers = new Set<number>();
  let refused = 0;
  for (let k = 0; k < gifts; k++) {
    const side = k % 2;
    const t0 = performance.now();
    const response = await fetch(`${servers[side]!.base}/api/gifts`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ ...body, idempotency_key: randomUUID() }),
    });
    answers.push(performance.now() - t0);
    const answer = (await response.json()) as { gift_id?: string; tier?: number };
    if (response.status === 201 && answer.gift_id) {
      sent.push({ id: answer.gift_id, t0, side });
      tiers.add(answer.tier ?? 0);
      while (!everywhere(answer.gift_id) && performance.now() < t0 + DELIVERY_WAIT_MS) await sleep(5);
    } else {
      refused++;
      console.error(`bench: gift ${k} refused: ${response.status} ${JSON.stringify(answer)}`);
    }
    const rest = t0 + GIFT_EVERY_MS - performance.now();
    if (rest > 0) await sleep(rest);
  }
  return { sent, answers: answers.sort((a, b) => a - b), refused, tiers: [...tiers] };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const row = (label: string, delays: number[], expected: number) => {
  const sorted = [...delays].sort((a, b) => a - b);
  return `| ${label} | ${count(sorted.length)} of ${count(expected)} | ${ms(pct(sorted, 50))} | ${ms(pct(sorted, 95))} | ${ms(sorted.at(-1) ?? 0)} |`;
};

async function exited(server: BenchServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  await Promise.race([new Promise((resolve) => server.child.once("exit", resolve)), sleep(10_000)]);
}

async function measure(url: string, options: LiveRoomOptions): Promise<void> {
  const loadBefore = loadAverage();
  const speedBefore = await machineSpeed(url);
  const { database, cast, giver, commenters, item, liveId } = await seed(url, options);
  // The broadcaster's panel says it is there every 10 s; 30 s without it and the server ends the live.
  const heartbeat = setInterval(() => {
    heartbeatLive({ db: database.db, actor: cast, input: { liveId } }).catch(() => {});
  }, 10_000);
  // One secret for both, as instances behind one proxy share it: a session of one is valid on both.
  const env = {
    LIVE_STREAMS_PER_ADDRESS: "100000",
    REALTIME_MAX_STREAMS_PER_ACCOUNT: "100000",
    TRUST_PROXY: "loopback",
    AUTH_SECRET: randomBytes(32).toString("hex"),
  };
  const servers: BenchServer[] = [];
  let closeStreams = () => {};
  try {
    servers.push(await startServer(3531, url, env), await startServer(3532, url, env));
    // Each sign-in from an address of its own (X-Forwarded-For): hundreds are not one address's abuse.
    const signIn = (i: number, who: Viewer) =>
      login(
        servers[i % 2]!.base,
        { email: who.email ?? "", password: FACTORY_PASSWORD },
        "listener",
        `10.78.${i >> 8}.${i & 255}`,
      );
    const giverCookie = await signIn(0, giver);
    const cookies: string[] = [];
    for (const [i, commenter] of commenters.entries()) cookies.push(await signIn(i + 1, commenter));

    const arrivals = new Map<string, { at: number; side: number }[]>();
    const commentDelays: number[] = [];
    let comments: ReturnType<typeof commentFlow> | undefined;
    closeStreams = await openStreams(servers, liveId, options.streams, (side, type, data) => {
      const at = performance.now();
      if (type === "comment") {
        const t0 = comments?.sent.get(/#(\d+)/.exec(data)?.[1] ?? "");
        if (t0 !== undefined) commentDelays.push(at - t0);
      } else if (type === "gift") {
        const id = (JSON.parse(data) as { gift_id: string }).gift_id;
        const list = arrivals.get(id) ?? [];
        list.push({ at, side });
        arrivals.set(id, list);
      }
    });
    await sleep(1000);
    comments = commentFlow(servers, liveId, cookies, options.commentRate);
    await sleep(2000); // the comments flow before the first gift
    const gifts = await sendGifts(
      servers,
      { item_id: item.item_id, quantity: 1, staff_id: cast.uid, live_id: liveId, pay_with_coins: true },
      giverCookie,
      options.gifts,
      (id) => (arrivals.get(id)?.length ?? 0) >= options.streams,
    );
    const commented = await comments.stop();
    await sleep(3000); // what is still on its way
    closeStreams();
    const [after] = await database.db
      .select({ status: lives.status })
      .from(lives)
      .where(eq(lives.live_id, liveId));

    // Every delivery of every accepted gift, by where its stream was: the process that took the POST or the other.
    const all: number[] = [];
    const same: number[] = [];
    const other: number[] = [];
    let expectedSame = 0;
    for (const gift of gifts.sent) {
      expectedSame += Math.ceil((options.streams - gift.side) / 2); // streams i with i % 2 = side
      for (const arrival of arrivals.get(gift.id) ?? []) {
        all.push(arrival.at - gift.t0);
        (arrival.side === gift.side ? same : other).push(arrival.at - gift.t0);
      }
    }
    const perGift = gifts.sent.length * options.streams;
    const p95 = pct(
      [...all].sort((a, b) => a - b),
      95,
    );
    console.log(
      [
        "",
        `Live room: ${options.streams} streams of one live on 2 server processes (PostgreSQL, a throw-away database), half on each; ${options.commentRate} comments/s from ${commenters.length} listeners; one listener sends ${options.gifts} × ${item.name} (${count(item.coin_price)} coins, tier ${gifts.tiers.join("/")}) with pay_with_coins, one a second, alternately through each process`,
        `Load average (1/5/15 min) before ${loadBefore}, after ${loadAverage()}`,
        describeSpeed(speedBefore, await machineSpeed(url)),
        "",
        `Gifts: ${gifts.sent.length} accepted, ${gifts.refused} refused; POST p50 ${ms(pct(gifts.answers, 50))}, p95 ${ms(pct(gifts.answers, 95))}; delay = just before POST /api/gifts → a stream read its gift event`,
        "| streams | deliveries | p50 | p95 | max |",
        "|---|---:|---:|---:|---:|",
        row("all", all, perGift),
        row("on the process that took the POST", same, expectedSame),
        row("on the other process", other, perGift - expectedSame),
        `Target: p95 ≤ ${GIFT_P95_TARGET_MS} ms to all ${options.streams} streams with nothing lost — measured p95 ${ms(p95)}, ${count(perGift - all.length)} lost`,
        "",
        `Comments meanwhile: ${commented.posted} posted, ${commented.refused} refused; POST p50 ${ms(pct(commented.answers, 50))}, p95 ${ms(pct(commented.answers, 95))}`,
        "| streams | deliveries | p50 | p95 | max |",
        "|---|---:|---:|---:|---:|",
        row("all", commentDelays, (commented.posted - commented.refused) * options.streams),
        ...(after?.status === "live" ? [] : [`(the live was ${after?.status ?? "gone"} at the end)`]),
      ].join("\n"),
    );
  } finally {
    closeStreams();
    clearInterval(heartbeat);
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(servers.map(exited));
    await database.close();
  }
}

export async function benchLiveRoom(options: LiveRoomOptions): Promise<void> {
  const scratch = await createScratchDatabase(options.databaseUrl, "live");
  console.error(`bench: live room on ${scratch.name}`);
  try {
    await measure(scratch.url, options);
  } finally {
    await scratch.drop();
  }
}
