import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "~/.server/db/client";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { fanOutNotification } from "~/.server/services/notifications/fan-out-notification";
import { recordNotification } from "~/.server/services/notifications/record-notification";
import { createPostgresDatabase, drivers, dropPostgresDatabase } from "../support/databases";

const LISTENERS = 300;
const WITH_PUSH = 100;
const ENV = { baseUrl: "https://yoru.example", authSecret: "kill-test-secret-0123456789abcdef0123" };

/**
 * One event → exactly one notification per recipient and channel, even when the process fanning
 * it out is killed with SIGKILL halfway (ADR 0025, 0044, 0045): the resumed fan-out writes the
 * lines, pushes and mails that were not written, and none twice.
 */
describe.each(drivers)("a fan-out killed halfway on %s", (driver) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database both processes can open: a PostgreSQL database, or a PGlite directory. */
  async function target(): Promise<{ where: string; open: () => Promise<Database> }> {
    if (driver === "pg") {
      const { name, url } = await createPostgresDatabase("fankill");
      cleanups.push(() => dropPostgresDatabase(name));
      return { where: url, open: () => openDatabase({ databaseUrl: url, poolSize: 4 }) };
    }
    const dir = mkdtempSync(path.join(tmpdir(), "fankill-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { where: dir, open: () => openDatabase({ pgliteDir: dir }) };
  }

  async function seed(database: Database): Promise<string> {
    const { db } = database;
    await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'kill-l-' || lpad(i::text, 5, '0'), 'リスナー' || i, 'kill-l-' || i || '@example.com', true, now(), now()
      from generate_series(1, ${LISTENERS}::int) as i`);
    await db.execute(sql`insert into listeners (uid, email, nickname)
      select 'kill-l-' || lpad(i::text, 5, '0'), 'kill-l-' || i || '@example.com', 'リスナー' || i
      from generate_series(1, ${LISTENERS}::int) as i`);
    // Every third listener has a device with push on (never contacted: only the queue is counted).
    await db.execute(sql`insert into push_subscriptions (id, account_id, endpoint, p256dh, auth)
      select 'kill-s-' || i, 'kill-l-' || lpad((i * 3)::text, 5, '0'), 'https://fcm.googleapis.com/fcm/send/' || i,
             'BPp256dh', 'auth'
      from generate_series(1, ${WITH_PUSH}::int) as i`);
    await db.transaction((tx) =>
      recordNotification(tx, {
        kind: "official_information",
        newsId: "kill-news",
        title: "年末年始の営業時間のお知らせ",
        audience: "listener",
        at: new Date(),
      }),
    );
    const [event] = await queryRows<{ id: string }>(db, sql`select id from notification_events`);
    if (!event) throw new Error("no event");
    return event.id;
  }

  /** Runs the child until it has committed `chunks` in-app chunks, then kills it with SIGKILL. */
  async function killAfter(where: string, eventId: string, chunks: number): Promise<number> {
    const child: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", path.join("tests", "support", "fan-out-child.ts"), where, eventId],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let seen = 0;
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdout?.on("data", (data: Buffer) => {
      seen += data
        .toString()
        .split("\n")
        .filter((line) => line.startsWith("in-app ")).length;
      if (seen >= chunks) child.kill("SIGKILL");
    });
    const code = await exited;
    if (seen < chunks)
      throw new Error(`the child ended (${code}) before ${chunks} chunks: ${stderr.slice(-500)}`);
    return seen;
  }

  it("resumes after SIGKILL: one line per listener, one push per device, one mail per listener", async () => {
    const { where, open } = await target();
    let database = await open();
    const eventId = await seed(database);
    // PGlite allows one process: the child has the directory to itself while it runs.
    if (driver === "pglite") await database.close();
    const killedAfter = await killAfter(where, eventId, 3);
    if (driver === "pglite") database = await open();
    cleanups.push(() => database.close());
    const { db } = database;

    const count = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;
    const halfway = await count(sql`select count(*)::int as n from notifications`);
    expect(halfway).toBeGreaterThanOrEqual(killedAfter * 50);
    // Killed before the end: the event is not marked fanned out (the retry has work to do).
    expect(
      await count(sql`select count(*)::int as n from notification_events where fanned_out_at is null`),
    ).toBe(1);

    // The job's retry: the same function, on the same event.
    const mailer = createMailer({
      db,
      env: { smtpUrl: "smtp://127.0.0.1:9", mailFrom: "no-reply@yoru.example" },
    });
    await fanOutNotification({ db, mailer, env: ENV, chunkSize: 50 }, eventId);

    expect(await count(sql`select count(*)::int as n from notifications`)).toBe(LISTENERS);
    expect(await count(sql`select count(distinct recipient_id)::int as n from notifications`)).toBe(
      LISTENERS,
    );
    expect(await count(sql`select count(*)::int as n from push_deliveries`)).toBe(WITH_PUSH);
    expect(await count(sql`select count(distinct subscription_id)::int as n from push_deliveries`)).toBe(
      WITH_PUSH,
    );
    // Each delivery is in exactly one push.deliver job.
    const queued = await queryRows<{ id: string }>(
      db,
      sql`select jsonb_array_elements_text(data->'deliveryIds') as id from pgboss.job where name = 'push.deliver'`,
    );
    expect(queued).toHaveLength(WITH_PUSH);
    expect(new Set(queued.map((q) => q.id)).size).toBe(WITH_PUSH);
    // The bell events: one per line.
    expect(
      await count(
        sql`select count(*)::int as n from realtime_events where type = 'notification' and topic like 'account:kill-l-%'`,
      ),
    ).toBe(LISTENERS);
    // The mail channel: one item and one mail per listener.
    expect(await count(sql`select count(*)::int as n from notification_items`)).toBe(LISTENERS);
    expect(await count(sql`select count(distinct "to")::int as n from mail_outbox`)).toBe(LISTENERS);
    expect(await count(sql`select count(*)::int as n from mail_outbox`)).toBe(LISTENERS);
  }, 120_000);
});
