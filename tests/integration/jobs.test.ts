import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "~/.server/db/queue/enqueue";
import { JOB_QUEUES, JOB_SCHEDULES } from "~/.server/db/queue/queues";
import { mailOutbox, rateLimits } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer, type Mailer } from "~/.server/integrations/mail/mailer";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { settleAbandonedMails } from "~/.server/services/mail/settle-abandoned-mails";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const env = parseEnv({ MAIL_FROM: "no-reply@yoru-navi.test", BASE_URL: "http://localhost:3999" });

let counter = 0;
function mail(to = `jobs${++counter}@example.com`) {
  return {
    kind: "test",
    to,
    subject: `件名 ${counter}`,
    text: `本文 ${counter}`,
    html: `<p>本文 ${counter}</p>`,
  };
}

describe.each(drivers)("background jobs on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    [database, smtp] = await Promise.all([openTestDatabase(driver, { prefix: "jobs" }), startSmtpServer()]);
  });
  afterAll(async () => {
    // A stopped runner touches the pool no more, even with a handler still running (tested below).
    await Promise.all(runners.map((runner) => runner.stop(2_000)));
    await Promise.all([database?.close(), smtp?.close()]);
  });

  function mailerWith(options: { retryDelay?: number; retryLimit?: number } = {}): Mailer {
    return createMailer({
      db: database.db,
      env: { ...env, smtpUrl: smtp.url, mailRetryDelaySeconds: options.retryDelay ?? 1 },
      // A loaded machine (CI beside other work) must not turn a slow answer into an extra attempt.
      timeoutMs: LOOPBACK_BUDGET_MS,
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    });
  }

  async function startRunner(mailer: Mailer): Promise<JobRunner> {
    const runner = await startJobRunner({
      database,
      handlers: createJobHandlers({ db: database.db, mailer }),
      pollingIntervalSeconds: 0.5,
      log: () => {},
    });
    runners.push(runner);
    return runner;
  }

  async function row(id: string) {
    const [found] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return found;
  }

  async function job(id: string) {
    const { rows } = await database.sql.executeSql(
      "select state, retry_count from pgboss.job where name = 'mail.deliver' and data->>'mailId' = $1",
      [id],
    );
    return rows;
  }

  it("creates every queue and schedule when the database is migrated and the runner starts", async () => {
    const { rows: queues } = await database.sql.executeSql(
      "select name, retry_limit, retry_backoff from pgboss.queue",
    );
    for (const [name, policy] of Object.entries(JOB_QUEUES))
      expect(queues).toContainEqual({
        name,
        retry_limit: policy.retryLimit,
        retry_backoff: policy.retryBackoff,
      });

    const runner = await startRunner(mailerWith());
    const { rows: schedules } = await database.sql.executeSql(
      "select name, cron, options from pgboss.schedule",
    );
    for (const { name, cron } of JOB_SCHEDULES)
      expect(schedules).toContainEqual(expect.objectContaining({ name, cron }));
    await runner.stop(2_000);
    runners.splice(runners.indexOf(runner), 1);
  });

  it("retries a refused mail with back-off until the server takes it, and delivers it once", async () => {
    const mailer = mailerWith({ retryDelay: 1 });
    smtp.refuseNext(2);
    const refusedBefore = smtp.refused();
    const sent = mail();
    const { id } = await mailer.send(sent);
    const runner = await startRunner(mailer);
    try {
      const received = await smtp.waitForMail({ to: sent.to }, 30_000);
      expect(received.subject).toBe(sent.subject);
      expect(smtp.refused() - refusedBefore).toBe(2);
      await expect.poll(async () => (await row(id))?.status, { timeout: 20_000 }).toBe("sent");
      expect(await row(id)).toMatchObject({ attempts: 3, error: null });
      await expect
        .poll(async () => job(id), { timeout: 20_000 })
        .toEqual([{ state: "completed", retry_count: 2 }]);
      // Give a duplicate the chance to show up, then count.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(smtp.mails.filter((m) => m.to.includes(sent.to))).toHaveLength(1);
    } finally {
      await runner.stop(2_000);
      runners.splice(runners.indexOf(runner), 1);
    }
  });

  it("ends a mail `failed` (and its job failed) when every retry is refused", async () => {
    const mailer = mailerWith({ retryDelay: 1, retryLimit: 1 });
    smtp.refuseNext(2);
    const { id } = await mailer.send(mail());
    const runner = await startRunner(mailer);
    try {
      await expect.poll(async () => (await row(id))?.status, { timeout: 20_000 }).toBe("failed");
      expect(await row(id)).toMatchObject({ attempts: 2, error: expect.stringContaining("451") });
      await expect
        .poll(async () => job(id), { timeout: 20_000 })
        .toEqual([{ state: "failed", retry_count: 1 }]);
    } finally {
      await runner.stop(2_000);
      runners.splice(runners.indexOf(runner), 1);
    }
  });

  it("hands each job to one runner when several work the same queue", async () => {
    const mailer = mailerWith();
    const sentTo: string[] = [];
    for (let i = 0; i < 12; i++) {
      const m = mail();
      sentTo.push(m.to);
      await mailer.send(m);
    }
    const [a, b] = await Promise.all([startRunner(mailer), startRunner(mailer)]);
    try {
      for (const to of sentTo) await smtp.waitForMail({ to }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const to of sentTo) expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      await Promise.all([a!.stop(2_000), b!.stop(2_000)]);
      runners.splice(0, runners.length);
    }
  });

  it("issues no query once stopped, even when a handler outlives the stop (its job goes back to the queue)", async () => {
    let release: (() => void) | undefined;
    let started = false;
    const queriesAfterStop: string[] = [];
    let stopped = false;
    const watched = {
      ...database,
      sql: {
        executeSql: (text: string, values?: unknown[]) => {
          if (stopped) queriesAfterStop.push(text);
          return database.sql.executeSql(text, values);
        },
      },
    } as typeof database;
    const runner = await startJobRunner({
      database: watched,
      handlers: {
        ...createJobHandlers({ db: database.db, mailer: mailerWith() }),
        "news.publish": async () => {
          started = true;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          throw new Error("failing after the runner stopped");
        },
      },
      pollingIntervalSeconds: 0.5,
      schedule: false,
      log: () => {},
    });
    const jobId = await enqueueJob(database.db, "news.publish", {}, { retryDelay: 60 });
    await expect.poll(() => started, { timeout: 15_000 }).toBe(true);
    await runner.stop(1_000);
    stopped = true;
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(queriesAfterStop).toEqual([]);
    const { rows } = await database.sql.executeSql("select state from pgboss.job where id = $1", [jobId]);
    expect(rows).toEqual([{ state: "retry" }]);
  });

  it("checks each payload against its queue's schema: at enqueue, and again when the job runs", async () => {
    // At enqueue: a wrong payload throws in the caller's transaction, which then writes nothing.
    const bad = { mailId: 42 } as unknown as { mailId: string };
    await expect(enqueueJob(database.db, "mail.deliver", bad)).rejects.toThrow();
    await expect(enqueueJob(database.db, "news.publish", { extra: 1 } as never)).rejects.toThrow();
    const { rows: none } = await database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'mail.deliver' and data->>'mailId' = '42'",
    );
    expect(none).toEqual([{ n: 0 }]);
    // At run: a job written without the check (an older version) fails instead of running.
    let ran = false;
    const runner = await startJobRunner({
      database,
      handlers: {
        ...createJobHandlers({ db: database.db, mailer: mailerWith() }),
        "live.watch": async () => {
          ran = true;
        },
      },
      pollingIntervalSeconds: 0.5,
      schedule: false,
      log: () => {},
    });
    runners.push(runner);
    const { rows } = await database.sql.executeSql(
      "insert into pgboss.job (name, data, retry_limit) values ('live.watch', '{\"liveId\": 7}', 0) returning id",
    );
    const id = (rows[0] as { id: string }).id;
    await expect
      .poll(
        async () =>
          (await database.sql.executeSql("select state from pgboss.job where id = $1", [id])).rows[0],
        { timeout: 15_000 },
      )
      .toEqual({ state: "failed" });
    expect(ran).toBe(false);
  });

  it("runs the pruning job", async () => {
    await database.db.insert(rateLimits).values({
      key: `jobs-test:${driver}`,
      count: 1,
      window_start: new Date(Date.now() - 120_000),
      expires_at: new Date(Date.now() - 60_000),
    });
    const runner = await startRunner(mailerWith());
    try {
      await enqueueJob(database.db, "maintenance.prune", {});
      await expect
        .poll(
          async () =>
            (
              await database.db
                .select()
                .from(rateLimits)
                .where(eq(rateLimits.key, `jobs-test:${driver}`))
            ).length,
          { timeout: 10_000 },
        )
        .toBe(0);
    } finally {
      await runner.stop(2_000);
      runners.splice(runners.indexOf(runner), 1);
    }
  });

  it("marks a mail `failed` when its job is gone and it is older than an hour", async () => {
    const mailer = mailerWith();
    const { id: orphan } = await mailer.send(mail());
    const { id: waiting } = await mailer.send(mail());
    await database.sql.executeSql("delete from pgboss.job where data->>'mailId' = $1", [orphan]);
    await database.db
      .update(mailOutbox)
      .set({ created_at: sql`now() - interval '2 hours'` })
      .where(eq(mailOutbox.id, orphan));
    await database.db
      .update(mailOutbox)
      .set({ created_at: sql`now() - interval '2 hours'` })
      .where(eq(mailOutbox.id, waiting));

    expect(await settleAbandonedMails({ db: database.db })).toBe(1);
    expect(await row(orphan)).toMatchObject({ status: "failed" });
    // Its job is still waiting: left alone.
    expect(await row(waiting)).toMatchObject({ status: "queued" });
  });
});
