/**
 * `npm run bench -- --section chat [--rooms 1000] [--rate 50] [--seconds 10]` — chat delivery
 * across server processes (ADR 0029/0030). Needs DATABASE_URL: a PostgreSQL database of
 * its own (it is emptied).
 *
 * Two production server processes (the built server.js) on one PostgreSQL. `--rooms` rooms
 * between 200 listeners and rooms/200 staff members; both members of every room hold the room's
 * event stream, the listeners' streams on process B and the staff members' on process A, so every
 * message has one receiver on each process (2 × rooms subscribed clients). `--rate` messages a
 * second are posted through process A, alternately by the listener and the staff member of the
 * next room (each sender stays under the 20-a-minute limit). Delay = from sending the POST until
 * a stream read the message; every message is counted at every receiver: "lost" is what a
 * receiver never got.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/.server/db/client";
import { openRoom } from "../app/.server/services/chat/open-room";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../tests/support/factories";
import { login, pct, sleep, startServer } from "./lib/bench-servers";

const { values: args } = parseArgs({
  strict: false,
  options: {
    section: { type: "string" },
    rooms: { type: "string", default: "1000" },
    rate: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
  },
});

const LISTENERS = 200;

interface Receiver {
  side: "A" | "B";
  got: Set<number>;
}

export async function benchChat(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      "\nChat: skipped (needs DATABASE_URL: a PostgreSQL database of its own, emptied by this bench)",
    );
    return;
  }
  const roomCount = Number(args.rooms);
  const rate = Number(args.rate);
  const seconds = Number(args.seconds);
  const staffCount = Math.ceil(roomCount / LISTENERS);

  console.error(`bench: chat, ${roomCount} rooms, ${LISTENERS} listeners × ${staffCount} staff`);
  const admin = await openDatabase({ databaseUrl: url, poolSize: 4, migrate: true });
  await admin.db.execute(
    sql`truncate messages, room_blocks, room_reports, rooms, rate_limits, realtime_events, realtime_topics, staffs, livers, listeners, "user", account, session cascade`,
  );
  const store = await makeLiver(admin.db, { store_name: "ベンチ", status: "public" });
  const staff = [];
  for (let i = 0; i < staffCount; i++)
    staff.push(await makeStaff(admin.db, store.uid, { name: `キャスト${i}`, login_id: `bench_chat_${i}` }));
  const listeners = [];
  for (let i = 0; i < LISTENERS; i++) listeners.push(await makeListener(admin.db, { nickname: `客${i}` }));
  const rooms: { id: string; listener: number; staff: number }[] = [];
  for (let r = 0; r < roomCount; r++) {
    const listener = r % LISTENERS;
    const member = Math.floor(r / LISTENERS);
    const opened = await openRoom({
      db: admin.db,
      actor: listeners[listener]!,
      input: { staff_id: staff[member]!.uid },
    });
    if (!opened.ok) throw new Error(`room ${r}: ${opened.error}`);
    rooms.push({ id: opened.room.id, listener, staff: member });
  }
  await admin.close();

  // One secret for both, as instances behind one proxy share it: a session of one is valid on both.
  const env = {
    REALTIME_MAX_STREAMS_PER_ACCOUNT: "100000",
    TRUST_PROXY: "loopback",
    AUTH_SECRET: randomBytes(32).toString("hex"),
  };
  const address = (i: number) => `10.77.${i >> 8}.${i & 255}`;
  const [a, b] = [await startServer(3541, url, env), await startServer(3542, url, env)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  try {
    const staffCookies: string[] = [];
    for (const member of staff)
      staffCookies.push(
        await login(a.base, { login_id: member.loginId, password: FACTORY_PASSWORD }, "staff"),
      );
    const listenerCookies: string[] = [];
    for (const [i, listener] of listeners.entries())
      listenerCookies.push(
        await login(
          b.base,
          { email: listener.email, password: FACTORY_PASSWORD },
          "listener",
          address(1000 + i),
        ),
      );

    const sent = new Map<number, number>();
    const delays: Record<"A" | "B", number[]> = { A: [], B: [] };
    const receivers: Receiver[] = [];
    const subscribe = (base: string, roomId: string, cookie: string, side: "A" | "B") =>
      new Promise<void>((resolve, reject) => {
        const receiver: Receiver = { side, got: new Set() };
        receivers.push(receiver);
        const request = http.get(
          `${base}/api/rooms/${roomId}/events`,
          { agent, headers: { cookie } },
          (response) => {
            if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
            resolve();
            let buffer = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => {
              buffer += chunk;
              let at = buffer.indexOf("\n\n");
              while (at >= 0) {
                const block = buffer.slice(0, at);
                buffer = buffer.slice(at + 2);
                if (block.includes("event: message\n")) {
                  const tag = Number(/#(\d+)/.exec(block)?.[1] ?? Number.NaN);
                  const t0 = sent.get(tag);
                  if (t0 !== undefined && !receiver.got.has(tag)) {
                    receiver.got.add(tag);
                    delays[side].push(performance.now() - t0);
                  }
                }
                at = buffer.indexOf("\n\n");
              }
            });
          },
        );
        request.on("error", reject);
        requests.push(request);
      });
    // Opened a few hundred at a time, as browsers coming and going would.
    const opening = Date.now();
    for (let i = 0; i < rooms.length; i += 250) {
      await Promise.all(
        rooms
          .slice(i, i + 250)
          .flatMap((room) => [
            subscribe(a.base, room.id, staffCookies[room.staff]!, "A"),
            subscribe(b.base, room.id, listenerCookies[room.listener]!, "B"),
          ]),
      );
    }
    console.error(`bench: ${receivers.length} streams open in ${Date.now() - opening} ms`);
    await sleep(1000);

    const total = rate * seconds;
    const answers: number[] = [];
    let refused = 0;
    const posts: Promise<void>[] = [];
    const t0 = performance.now();
    for (let n = 0; n < total; n++) {
      const due = t0 + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const room = rooms[n % rooms.length]!;
      // Alternately the listener and the staff member of the room (rooms cycle, so a sender
      // writes at most every rooms/rate seconds).
      const cookie =
        Math.floor(n / rooms.length) % 2 === 0 ? listenerCookies[room.listener] : staffCookies[room.staff];
      posts.push(
        (async () => {
          sent.set(n, performance.now());
          const response = await fetch(`${a.base}/api/rooms/${room.id}/messages`, {
            method: "POST",
            headers: { cookie: cookie!, "content-type": "application/json", origin: a.base },
            body: JSON.stringify({ body: `ベンチのメッセージ #${n}` }),
          });
          answers.push(performance.now() - sent.get(n)!);
          if (response.status !== 201) {
            if (refused === 0)
              console.error(`bench: first refusal ${response.status} ${await response.text()}`);
            refused++;
            sent.delete(n);
          }
        })(),
      );
    }
    await Promise.all(posts);
    await sleep(3000);

    const accepted = total - refused;
    const expectedPerSide = accepted; // every message has one receiver on each process
    const got = (side: "A" | "B") =>
      receivers.filter((r) => r.side === side).reduce((sum, r) => sum + r.got.size, 0);
    const row = (label: string, side: "A" | "B") => {
      const sorted = [...delays[side]].sort((x, y) => x - y);
      const lost = expectedPerSide - got(side);
      return `| ${label} | ${got(side).toLocaleString("en")} of ${expectedPerSide.toLocaleString("en")} | ${lost} | ${pct(sorted, 50).toFixed(0)} ms | ${pct(sorted, 95).toFixed(0)} ms | ${pct(sorted, 99).toFixed(0)} ms | ${(sorted.at(-1) ?? 0).toFixed(0)} ms |`;
    };
    const sortedAnswers = [...answers].sort((x, y) => x - y);
    console.log(
      `\nChat: ${rooms.length} rooms, ${receivers.length} streams on 2 server processes (PostgreSQL), ${rate} messages/s through process A for ${seconds} s; ${accepted} accepted, ${refused} refused; POST p50 ${pct(sortedAnswers, 50).toFixed(0)} ms, p95 ${pct(sortedAnswers, 95).toFixed(0)} ms`,
    );
    console.log("| receivers | delivered | lost | p50 | p95 | p99 | max |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    console.log(row("process B (the other process)", "B"));
    console.log(row("process A (the sending process)", "A"));
    const p95 = pct(
      [...delays.B].sort((x, y) => x - y),
      95,
    );
    const lostAny = expectedPerSide * 2 - got("A") - got("B");
    console.log(
      `${p95 <= 200 && lostAny === 0 && refused === 0 && accepted > 0 ? "PASS" : "MISS"}  chat: p95 delivery to the other process ${p95.toFixed(0)} ms (target ≤ 200 ms), ${lostAny} lost (target 0)`,
    );
  } finally {
    for (const request of requests) request.destroy();
    agent.destroy();
    for (const server of [a, b]) server.child.kill("SIGTERM");
  }
}

await benchChat();
