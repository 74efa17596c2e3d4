/**
 * `npm run bench -- --section live [--viewers 10,25,50] [--seconds 8] [--comments-viewers 200]
 *   [--comment-rate 20] [--comment-seconds 10]` — live streaming (ADR 0031), two measurements:
 *
 * 1. Media: the embedded SFU (its own child process, as in production) relays one publisher to N
 *    viewers. Publisher and viewers are scripted werift clients in this process over loopback; the
 *    publisher sends VP8-sized RTP packets (1,100 bytes, 90 a second ≈ 0.8 Mbit/s: what Chromium
 *    sends for 640×480 at 30 fps; the SFU forwards without decoding, so the payload is filler). Per
 *    step: the SFU process's CPU (share of one core, from its own cpuUsage), packets relayed a
 *    second and the share delivered. The viewers' own work runs in this process on the same cores:
 *    on a 2-core machine the figures are a lower bound of what a dedicated server does.
 * 2. Comments (needs DATABASE_URL, a database of its own — it is emptied): two server processes
 *    (the built server.js) on one PostgreSQL, `--comments-viewers` event streams split across them,
 *    `--comment-rate` comments a second from 2×rate listeners (one per 2 s each) posted alternately
 *    to both; delay = from sending the comment until a stream read it. p50/p95/max over every
 *    delivery.
 */
import http from "node:http";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/.server/db/client";
import { remoteConfigValues } from "../app/.server/db/schema";
import { createEmbeddedMedia } from "../app/.server/integrations/live-media/embedded-media";
import type { LiveMediaPort } from "../app/.server/integrations/live-media/media-port";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../tests/support/factories";
import { type ScriptedViewer, scriptedPublisher, scriptedViewer } from "../tests/support/webrtc-clients";
import { login, pct, sleep, startServer } from "./lib/bench-servers";

const { values: args } = parseArgs({
  strict: false,
  options: {
    section: { type: "string" },
    viewers: { type: "string", default: "10,25,50" },
    seconds: { type: "string", default: "8" },
    "comments-viewers": { type: "string", default: "200" },
    "comment-rate": { type: "string", default: "20" },
    "comment-seconds": { type: "string", default: "10" },
    "skip-media": { type: "boolean", default: false },
  },
});

const PACKETS_PER_SECOND = 90;
const PACKET_BYTES = 1100;

async function connect(
  client: { offer(): Promise<string>; answer(s: string): Promise<void>; connected(): Promise<void> },
  run: (sdp: string) => ReturnType<LiveMediaPort["publish"]>,
) {
  const access = await run(await client.offer());
  if (access.mode !== "embedded") throw new Error("embedded expected");
  await client.answer(access.sdp);
  await client.connected();
}

async function benchMedia(): Promise<void> {
  const steps = String(args.viewers)
    .split(",")
    .map(Number)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const seconds = Number(args.seconds);
  const media = createEmbeddedMedia({ stunUrls: [], hostAddresses: ["127.0.0.1"] }, () => {});
  const liveId = "bench-live";
  const publisher = scriptedPublisher();
  await connect(publisher, (sdp) => media.publish({ liveId, broadcasterId: "b", broadcasterName: "b", sdp }));
  publisher.start(PACKETS_PER_SECOND, PACKET_BYTES);
  const viewers: ScriptedViewer[] = [];
  console.log(
    `\nLive media: the embedded SFU relaying ${PACKETS_PER_SECOND} packets/s × ${PACKET_BYTES} B (≈ ${Math.round((PACKETS_PER_SECOND * PACKET_BYTES * 8) / 1000)} kbit/s, a 640×480 VP8 stream)`,
  );
  console.log("| viewers | SFU CPU (one core) | packets in/s | packets relayed/s | delivered | SFU RSS |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const step of steps) {
    while (viewers.length < step) {
      const viewer = scriptedViewer();
      await connect(viewer, (sdp) => media.subscribe({ liveId, viewerId: `v${viewers.length}`, sdp }));
      viewers.push(viewer);
    }
    await sleep(2000);
    const before = (await media.stats()) as unknown as {
      cpuMicros: number;
      packetsIn: number;
      packetsOut: number;
    };
    const received = viewers.map((v) => v.received());
    const started = Date.now();
    await sleep(seconds * 1000);
    const after = (await media.stats()) as unknown as {
      cpuMicros: number;
      packetsIn: number;
      packetsOut: number;
      rssBytes: number;
    };
    const wall = (Date.now() - started) / 1000;
    const cpu = (after.cpuMicros - before.cpuMicros) / 1e6 / wall;
    const relayed = (after.packetsOut - before.packetsOut) / wall;
    const got = viewers.reduce((sum, v, i) => sum + v.received() - received[i]!, 0);
    // Delivered: of what the SFU received (the publisher in this busy process may send less than asked).
    const incoming = (after.packetsIn - before.packetsIn) / wall;
    const expected = incoming * wall * viewers.length;
    console.log(
      `| ${viewers.length} | ${(cpu * 100).toFixed(0)} % | ${Math.round(incoming)} | ${Math.round(relayed).toLocaleString("en")} | ${((got / expected) * 100).toFixed(1)} % | ${Math.round(after.rssBytes / 2 ** 20)} MB |`,
    );
    if (cpu > 0.8) {
      console.log(`(stopped: the SFU is past 80 % of one core at ${viewers.length} viewers)`);
      break;
    }
  }
  await publisher.close();
  for (const viewer of viewers) await viewer.close();
  await media.close();
}

async function benchComments(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      "\nLive comments: skipped (needs DATABASE_URL: a PostgreSQL database of its own, emptied by this bench)",
    );
    return;
  }
  const viewersWanted = Number(args["comments-viewers"]);
  const rate = Number(args["comment-rate"]);
  const seconds = Number(args["comment-seconds"]);
  // A clean database with the accounts: one store, one staff member, 2×rate listeners.
  const admin = await openDatabase({ databaseUrl: url, poolSize: 2, migrate: true });
  await admin.db.execute(
    sql`truncate lives, live_comments, live_viewers, live_blocks, rate_limits, realtime_events, realtime_topics, staffs, livers, listeners, "user", account, session cascade`,
  );
  const store = await makeLiver(admin.db, { store_name: "ベンチ" });
  const cast = await makeStaff(admin.db, store.uid, { name: "ベンチ", login_id: "bench_cast" });
  const listeners = [];
  // Each listener comments every 3 s (the limit is one per 2 s, and requests jitter).
  for (let i = 0; i < rate * 3; i++) listeners.push(await makeListener(admin.db, { nickname: `視聴者${i}` }));
  // No viewer cap for the bench (the operator's remote configuration, ADR 0033).
  await admin.db
    .insert(remoteConfigValues)
    .values({ key: "live_max_viewers", value: 10_000 })
    .onConflictDoUpdate({ target: remoteConfigValues.key, set: { value: 10_000 } });
  await admin.close();

  const env = { LIVE_STREAMS_PER_ADDRESS: "100000", REALTIME_MAX_STREAMS_PER_ACCOUNT: "100000" };
  const servers = [await startServer(3531, url, env), await startServer(3532, url, env)];
  try {
    const castCookie = await login(
      servers[0]!.base,
      { login_id: cast.loginId, password: FACTORY_PASSWORD },
      "staff",
    );
    const cookies: string[] = [];
    for (const [i, listener] of listeners.entries())
      cookies.push(
        await login(servers[i % 2]!.base, { email: listener.email, password: FACTORY_PASSWORD }, "listener"),
      );
    const started = await fetch(`${servers[0]!.base}/api/lives`, {
      method: "POST",
      headers: { cookie: castCookie, "content-type": "application/json" },
      body: JSON.stringify({ title: "ベンチ配信" }),
    });
    const { live_id: liveId } = (await started.json()) as { live_id: string };

    // The viewers' streams, half on each process, read as EventSource does.
    const sent = new Map<string, number>();
    const delays: number[] = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const requests: http.ClientRequest[] = [];
    let open = 0;
    await Promise.all(
      Array.from(
        { length: viewersWanted },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            const request = http.get(
              `${servers[i % 2]!.base}/api/lives/${liveId}/events`,
              { agent },
              (response) => {
                if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
                open++;
                resolve();
                let buffer = "";
                response.setEncoding("utf8");
                response.on("data", (chunk: string) => {
                  buffer += chunk;
                  let at = buffer.indexOf("\n\n");
                  while (at >= 0) {
                    const block = buffer.slice(0, at);
                    buffer = buffer.slice(at + 2);
                    if (block.includes("event: comment\n")) {
                      const tag = /#(\d+)/.exec(block)?.[1];
                      const t0 = tag ? sent.get(tag) : undefined;
                      if (t0 !== undefined) delays.push(performance.now() - t0);
                    }
                    at = buffer.indexOf("\n\n");
                  }
                });
              },
            );
            request.on("error", reject);
            requests.push(request);
          }),
      ),
    );
    await sleep(1000);
    const total = rate * seconds;
    let refused = 0;
    const answerTimes: number[] = [];
    const posts: Promise<void>[] = [];
    const t0 = performance.now();
    for (let n = 0; n < total; n++) {
      const due = t0 + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const who = n % cookies.length;
      const tag = String(n);
      posts.push(
        (async () => {
          sent.set(tag, performance.now());
          const response = await fetch(`${servers[who % 2]!.base}/api/lives/${liveId}/comments`, {
            method: "POST",
            headers: { cookie: cookies[who]!, "content-type": "application/json" },
            body: JSON.stringify({ body: `コメント #${tag}` }),
          });
          answerTimes.push(performance.now() - sent.get(tag)!);
          if (response.status !== 201) refused++;
        })(),
      );
    }
    await Promise.all(posts);
    await sleep(3000);
    for (const request of requests) request.destroy();
    agent.destroy();
    const sorted = [...delays].sort((a, b) => a - b);
    const expected = (total - refused) * open;
    console.log(
      `\nLive comments: ${open} streams on 2 server processes (PostgreSQL), ${rate} comments/s for ${seconds} s`,
    );
    const answers = [...answerTimes].sort((a, b) => a - b);
    console.log("| comments | refused | POST p50 / p95 | deliveries | delivery p50 | p95 | max |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|");
    console.log(
      `| ${total} | ${refused} | ${pct(answers, 50).toFixed(0)} / ${pct(answers, 95).toFixed(0)} ms | ${delays.length.toLocaleString("en")} of ${expected.toLocaleString("en")} | ${pct(sorted, 50).toFixed(0)} ms | ${pct(sorted, 95).toFixed(0)} ms | ${(sorted.at(-1) ?? 0).toFixed(0)} ms |`,
    );
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
  }
}

if (!args["skip-media"]) await benchMedia();
await benchComments();
