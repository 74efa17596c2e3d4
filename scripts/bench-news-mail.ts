/**
 * The news-mail section of `npm run bench` (ADR 0025): one official news with mail to N listeners
 * (default 100,000). Measures how long the `notification.fanout` job takes to write every mail
 * into the outbox with its `mail.deliver` job, in chunks of short transactions, and the longest of
 * those transactions. The data lives in a throw-away database (PGlite in memory, or a database
 * created next to DATABASE_URL and dropped afterwards), so the demo data stays as it was.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, openDatabase, queryRows } from "../app/.server/db/client";
import { notificationEvents } from "../app/.server/db/schema";
import { createMailer } from "../app/.server/integrations/mail/mailer";
import {
  FAN_OUT_CHUNK,
  FAN_OUT_PARALLEL_PG,
  fanOutNotification,
} from "../app/.server/services/notifications/fan-out-notification";
import { recordNotification } from "../app/.server/services/notifications/record-notification";
import { insertBenchListeners } from "./lib/bench-listeners";
import { createProgressBar } from "./progress-bar";

export interface NewsMailResult {
  where: string;
  recipients: number;
  mails: number;
  deliverJobs: number;
  recordMs: number;
  fanOutSeconds: number;
  mailsPerSecond: number;
  chunks: number;
  chunkSize: number;
  parallel: number;
  longestTransactionMs: number;
}

async function scratchDatabase(
  databaseUrl: string | undefined,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!databaseUrl) {
    const database = await openDatabase({ pgliteDir: "memory://", lock: false });
    return { database, drop: () => database.close() };
  }
  const { default: pg } = await import("pg");
  const name = `bench_news_mail_${randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 6 });
  return {
    database,
    async drop() {
      await database.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

export async function benchNewsMail({
  databaseUrl,
  recipients,
  parallel = databaseUrl ? FAN_OUT_PARALLEL_PG : 1,
  chunkSize = FAN_OUT_CHUNK,
}: {
  databaseUrl: string | undefined;
  recipients: number;
  parallel?: number;
  chunkSize?: number;
}): Promise<NewsMailResult> {
  const where = databaseUrl ? "PostgreSQL" : "PGlite (in memory)";
  const bar = createProgressBar(process.stderr);
  const { database, drop } = await scratchDatabase(databaseUrl);
  try {
    const { db } = database;
    // Verified listeners with the default settings (official_information on), in one statement each.
    await insertBenchListeners(db, recipients, (done) =>
      bar.update({ phase: "listeners", done, total: recipients }),
    );
    bar.end();

    const env = { baseUrl: "https://yoru.example", authSecret: "bench-secret-0123456789abcdef0123456789" };
    // SMTP configured (never contacted here): every mail is `queued` with its delivery job.
    const mailer = createMailer({
      db,
      env: { smtpUrl: "smtp://127.0.0.1:9", mailFrom: "no-reply@yoru.example" },
    });

    const recordStart = performance.now();
    await db.transaction((tx) =>
      recordNotification(tx, {
        kind: "official_information",
        newsId: "bench-news",
        title: "年末年始の営業時間のお知らせ",
        audience: "listener",
        at: new Date(),
      }),
    );
    const recordMs = performance.now() - recordStart;
    const [event] = await db.select({ id: notificationEvents.id }).from(notificationEvents).limit(1);
    if (!event) throw new Error("no event recorded");

    let done = 0;
    let chunks = 0;
    let longest = 0;
    const start = performance.now();
    const result = await fanOutNotification(
      {
        db,
        mailer,
        env,
        chunkSize,
        parallel,
        onChunk: ({ recipients: n, transactionMs }) => {
          done += n;
          chunks++;
          longest = Math.max(longest, transactionMs);
          bar.update({ phase: "mails", done, total: recipients });
        },
      },
      event.id,
    );
    const fanOutSeconds = (performance.now() - start) / 1000;
    bar.end();
    const [jobs] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = 'mail.deliver'`,
    );
    return {
      where,
      recipients: result.recipients,
      mails: result.mails,
      deliverJobs: Number(jobs?.n ?? 0),
      recordMs,
      fanOutSeconds,
      mailsPerSecond: result.mails / fanOutSeconds,
      chunks,
      chunkSize,
      parallel,
      longestTransactionMs: longest,
    };
  } finally {
    await drop();
  }
}

export function newsMailTable(r: NewsMailResult): string[] {
  const ok = r.mails === r.recipients && r.deliverJobs === r.mails && r.fanOutSeconds < 60;
  return [
    `News mail: ${r.where}; one official news to ${r.recipients.toLocaleString("en-US")} listeners, fan-out in chunks of ${r.chunkSize.toLocaleString("en-US")}, ${r.parallel} at a time (target: every mail queued in under 60 s)`,
    "",
    "| recorded (cause's transaction) | mails queued | mail.deliver jobs | fan-out | mails/s | chunks | longest transaction | target |",
    "|---|---|---|---|---|---|---|---|",
    `| ${r.recordMs.toFixed(1)} ms | ${r.mails.toLocaleString("en-US")} | ${r.deliverJobs.toLocaleString("en-US")} | ${r.fanOutSeconds.toFixed(1)} s | ${Math.round(r.mailsPerSecond).toLocaleString("en-US")} | ${r.chunks} | ${Math.round(r.longestTransactionMs)} ms | ${ok ? "met" : "MISSED"} |`,
  ];
}
