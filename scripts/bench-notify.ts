/**
 * `npm run bench -- --section notify [--listeners 100000] [--push-share 3]` — one official news to
 * every listener, with web push on for every `--push-share`-th of them (ADR 0045), through the
 * built server and its jobs against the local push service (scripts/fakes/push-service.ts, which
 * checks each VAPID JWT and decrypts each payload). Needs DATABASE_URL: a PostgreSQL database of
 * its own (it is emptied).
 *
 * Prints: the time from publishing (the event recorded) to every in-app line, push and mail queued
 * (the fan-out job done), pushes per second at the push service, the delay from publishing to each
 * push delivered (p50/p95/max), and `/api/health` answered during it (p50/p95/max, one request
 * every 50 ms) against the same before it began.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import webPush from "web-push";
import { openDatabase, queryRows } from "../app/.server/db/client";
import { recordNotification } from "../app/.server/services/notifications/record-notification";
import { startFakePushService } from "./fakes/push-service";
import { insertBenchListeners } from "./lib/bench-listeners";
import { pct, sleep, startServer } from "./lib/bench-servers";
import { createProgressBar } from "./progress-bar";

const { values: args } = parseArgs({
  strict: false,
  options: {
    section: { type: "string" },
    listeners: { type: "string", default: "100000" },
    "push-share": { type: "string", default: "3" },
  },
});

const PORT = 4950;

async function healthProbe(base: string) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        times.push(performance.now() - started);
      } catch {
        times.push(Number.POSITIVE_INFINITY);
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return times.sort((a, b) => a - b);
    },
  };
}

export async function benchNotify(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      "\nNotify: skipped (needs DATABASE_URL: a PostgreSQL database of its own, emptied by this bench)",
    );
    return;
  }
  const listeners = Number(args.listeners);
  const share = Number(args["push-share"]);
  const bar = createProgressBar(process.stderr);
  const admin = await openDatabase({ databaseUrl: url, poolSize: 4, migrate: true });
  const { db } = admin;
  await db.execute(sql`truncate notification_events, notifications, push_subscriptions, notification_preferences,
                       mail_outbox, listeners, favorites, "user", account, session, realtime_events cascade`);
  await db.execute(sql`delete from pgboss.job`);
  await insertBenchListeners(db, listeners, (done) =>
    bar.update({ phase: "listeners", done, total: listeners }),
  );
  bar.end();

  const vapid = webPush.generateVAPIDKeys();
  const service = await startFakePushService();
  const devices = Math.floor(listeners / share);
  for (let from = 1; from <= devices; from += 5_000) {
    const rows = [];
    for (let i = from; i <= Math.min(devices, from + 4_999); i++) {
      const { subscription } = service.device(vapid.publicKey);
      rows.push({
        id: `bench-s-${i}`,
        uid: `bench-l-${String(i * share).padStart(7, "0")}`,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
    }
    await db.execute(sql`insert into push_subscriptions (id, account_id, endpoint, p256dh, auth)
      select id, uid, endpoint, p256dh, auth
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, uid text, endpoint text, p256dh text, auth text)`);
    bar.update({ phase: "devices", done: Math.min(devices, from + 4_999), total: devices });
  }
  bar.end();

  const server = await startServer(PORT, url, {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:bench@example.com",
    // No SMTP: the listeners' mails stay in the outbox (as in development), so only pushes are sent.
    SMTP_URL: "",
  });
  try {
    const idle = await healthProbe(server.base);
    await sleep(3_000);
    const before = await idle.stop();

    const delays: number[] = [];
    let first = 0;
    let last = 0;
    const published = Date.now();
    service.onPush = (push) => {
      first ||= push.at;
      last = push.at;
      delays.push(push.at - published);
    };
    const busy = await healthProbe(server.base);
    await db.transaction((tx) =>
      recordNotification(tx, {
        kind: "official_information",
        newsId: "bench-news",
        title: "年末年始の営業時間のお知らせ",
        audience: "listener",
        at: new Date(published),
      }),
    );
    let queuedMs = 0;
    const deadline = Date.now() + 15 * 60_000;
    while (Date.now() < deadline) {
      if (!queuedMs) {
        const [event] = await queryRows<{ done: boolean }>(
          db,
          sql`select fanned_out_at is not null as done from notification_events limit 1`,
        );
        if (event?.done) queuedMs = Date.now() - published;
      }
      bar.update({ phase: "pushes", done: delays.length, total: devices });
      if (queuedMs && delays.length >= devices) break;
      await sleep(250);
    }
    bar.end();
    const during = await busy.stop();
    const [lines] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from notifications`);
    const sorted = [...delays].sort((a, b) => a - b);
    const seconds = Math.max(0.001, (last - first) / 1000);
    const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "no answer");
    console.log(
      `\nNotify: one news to ${listeners.toLocaleString("en")} listeners, push on for ${devices.toLocaleString("en")} devices (every ${share}th), one server process on PostgreSQL, the local push service (VAPID checked, payload decrypted)`,
    );
    console.log(
      "| in-app lines | fan-out done (all queued) | pushes delivered | pushes/s | publish → push p50 | p95 | max | refused |",
    );
    console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
    console.log(
      `| ${(lines?.n ?? 0).toLocaleString("en")} | ${(queuedMs / 1000).toFixed(1)} s | ${delays.length.toLocaleString("en")} of ${devices.toLocaleString("en")} | ${Math.round(delays.length / seconds).toLocaleString("en")} | ${(pct(sorted, 50) / 1000).toFixed(1)} s | ${(pct(sorted, 95) / 1000).toFixed(1)} s | ${((sorted.at(-1) ?? 0) / 1000).toFixed(1)} s | ${service.refused.length} |`,
    );
    console.log("\n| /api/health | requests | p50 | p95 | max |");
    console.log("|---|---:|---:|---:|---:|");
    console.log(
      `| before | ${before.length} | ${ms(pct(before, 50))} | ${ms(pct(before, 95))} | ${ms(before.at(-1) ?? 0)} |`,
    );
    console.log(
      `| during | ${during.length} | ${ms(pct(during, 50))} | ${ms(pct(during, 95))} | ${ms(during.at(-1) ?? 0)} |`,
    );
  } finally {
    server.child.kill("SIGTERM");
    await service.close();
    await admin.close();
  }
}

await benchNotify();
