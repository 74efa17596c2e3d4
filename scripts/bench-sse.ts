/**
 * The realtime section of `npm run bench` (ADR 0018): how many Server-Sent Events subscribers one
 * server process holds, and how long an event takes to reach all of them at that load.
 *
 * N HTTP clients in this process subscribe to one account's stream (`/api/me/events` of the demo
 * staff member) the way EventSource does; a listener then follows and unfollows that staff member
 * through the API, one event at a time. Delay = from sending the follow request until a subscriber
 * has read the event: the request, the transaction, NOTIFY, the hub's read and the write to every
 * socket. Levels are reached one after the other, keeping the earlier subscribers open.
 */

import { readFileSync } from "node:fs";
import http from "node:http";
import { createProgressBar } from "./progress-bar";

export interface SseBenchOptions {
  base: string;
  /** Pid of the server process, for its memory. */
  serverPid: number | undefined;
  levels: number[];
  rounds: number;
  staffCookie: string;
  listenerCookie: string;
}

export interface SseLevelResult {
  subscribers: number;
  connectSeconds: number;
  refused: number;
  dropped: number;
  delivered: number;
  expected: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rssMiB: number | null;
}

interface Subscriber {
  received: number[];
  closed: boolean;
  request: http.ClientRequest;
}

function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : null;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Opens one stream; resolves when the headers (200) came, rejects on any other answer. */
function subscribe(base: string, cookie: string, agent: http.Agent): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const url = new URL("/api/me/events", base);
    const request = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      const subscriber: Subscriber = { received: [], closed: false, request };
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const now = performance.now();
        text += chunk;
        let at = text.indexOf("\n\n");
        while (at >= 0) {
          if (text.slice(0, at).includes("\nevent: follower")) subscriber.received.push(now);
          text = text.slice(at + 2);
          at = text.indexOf("\n\n");
        }
      });
      response.on("close", () => {
        subscriber.closed = true;
      });
      resolve(subscriber);
    });
    request.on("error", reject);
  });
}

export async function benchSse(options: SseBenchOptions): Promise<SseLevelResult[]> {
  const { base, levels, rounds } = options;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie: options.staffCookie } })).json()) as {
    account: { uid: string };
  };
  const staffId = me.account.uid;
  const subscribers: Subscriber[] = [];
  const results: SseLevelResult[] = [];
  const bar = createProgressBar(process.stderr);
  let refused = 0;
  let favoriteId: string | null = null;

  // Start from "not followed", so the first round is a follow.
  const existing = await fetch(`${base}/api/favorites`, {
    method: "POST",
    headers: { cookie: options.listenerCookie, "content-type": "application/json" },
    body: JSON.stringify({ staff_id: staffId }),
  });
  const body = (await existing.json()) as { favorite_id: string };
  await fetch(`${base}/api/favorites/${body.favorite_id}`, {
    method: "DELETE",
    headers: { cookie: options.listenerCookie },
  });

  const toggle = async () => {
    if (favoriteId) {
      const response = await fetch(`${base}/api/favorites/${favoriteId}`, {
        method: "DELETE",
        headers: { cookie: options.listenerCookie },
      });
      if (!response.ok) throw new Error(`unfollow answered ${response.status}`);
      favoriteId = null;
    } else {
      const response = await fetch(`${base}/api/favorites`, {
        method: "POST",
        headers: { cookie: options.listenerCookie, "content-type": "application/json" },
        body: JSON.stringify({ staff_id: staffId }),
      });
      if (response.status !== 201) throw new Error(`follow answered ${response.status}`);
      favoriteId = ((await response.json()) as { favorite_id: string }).favorite_id;
    }
  };

  for (const level of levels) {
    const started = performance.now();
    // Open in waves of 200, as a crowd of browsers would arrive, not all in one instant.
    while (subscribers.length < level) {
      const wave = Math.min(200, level - subscribers.length);
      const opened = await Promise.allSettled(
        Array.from({ length: wave }, () => subscribe(base, options.staffCookie, agent)),
      );
      for (const result of opened) {
        if (result.status === "fulfilled") subscribers.push(result.value);
        else refused++;
      }
      bar.update({ phase: `SSE subscribers (level ${level})`, done: subscribers.length, total: level });
      if (refused > level) throw new Error("subscriptions keep failing; is the server up?");
    }
    const connectSeconds = (performance.now() - started) / 1000;
    // Let the last connections settle (their first lines, the hub's topic registration).
    await new Promise((r) => setTimeout(r, 500));

    const delays: number[] = [];
    const live = subscribers.filter((s) => !s.closed);
    const baseline = live.map((s) => s.received.length);
    let expected = 0;
    for (let round = 0; round < rounds; round++) {
      const sent = performance.now();
      await toggle();
      expected += live.length;
      // Wait until every open subscriber read this round's event (at most 30 s).
      const deadline = sent + 30_000;
      while (performance.now() < deadline) {
        if (live.every((s, i) => s.closed || s.received.length > baseline[i]! + round)) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      live.forEach((s, i) => {
        const at = s.received[baseline[i]! + round];
        if (at !== undefined) delays.push(at - sent);
      });
      bar.update({ phase: `SSE delivery at ${level}`, done: round + 1, total: rounds });
      await new Promise((r) => setTimeout(r, 100));
    }
    const sorted = delays.sort((a, b) => a - b);
    results.push({
      subscribers: live.length,
      connectSeconds,
      refused,
      dropped: subscribers.filter((s) => s.closed).length,
      delivered: delays.length,
      expected,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      rssMiB: rssMiB(options.serverPid),
    });
  }
  bar.end();
  for (const subscriber of subscribers) subscriber.request.destroy();
  agent.destroy();
  return results;
}

/** The table printed by the bench (and copied into docs/benchmarks.md). */
export function sseTable(results: SseLevelResult[]): string[] {
  const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "–");
  const head = [
    "SSE subscribers".padEnd(16),
    "connect".padStart(9),
    "delivered".padStart(14),
    "p50".padStart(10),
    "p95".padStart(10),
    "p99".padStart(10),
    "max".padStart(10),
    "server RSS".padStart(11),
  ].join(" ");
  return [
    head,
    "-".repeat(head.length),
    ...results.map((r) =>
      [
        r.subscribers.toLocaleString("en-US").padEnd(16),
        `${r.connectSeconds.toFixed(1)} s`.padStart(9),
        `${r.delivered}/${r.expected}`.padStart(14),
        ms(r.p50).padStart(10),
        ms(r.p95).padStart(10),
        ms(r.p99).padStart(10),
        ms(r.max).padStart(10),
        (r.rssMiB === null ? "–" : `${r.rssMiB.toFixed(0)} MiB`).padStart(11),
      ].join(" "),
    ),
  ];
}
