import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "~/.server/db/queue/enqueue";
import { JOB_QUEUES } from "~/.server/db/queue/queues";
import { posts, snsLinks } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { SnsVendorError } from "~/.server/integrations/sns";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { importSnsLink } from "~/.server/services/sns/import-sns-link";
import { linkYouTubeChannel } from "~/.server/services/sns/link-youtube-channel";
import { createSnsContext } from "~/.server/services/sns/sns-context";
import { type FakeYouTube, startFakeYouTube } from "../../scripts/fakes/youtube";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver } from "../support/factories";

// The importer as pg-boss runs it: the dispatcher queues the due links, the import job writes the
// posts; a vendor that cannot be reached fails the attempt so the queue retries it.
const SECRET = "sns-import-jobs-secret-0123456789abcdef";

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(drivers)("SNS import jobs on %s", (driver) => {
  let database: TestDatabase;
  let yt: FakeYouTube;
  let runner: JobRunner | undefined;

  beforeAll(async () => {
    [database, yt] = await Promise.all([openTestDatabase(driver, { prefix: "snsjobs" }), startFakeYouTube()]);
  });
  afterAll(async () => {
    await runner?.stop(2_000);
    await Promise.all([database?.close(), yt?.close()]);
  });

  it("declares the import queue one-per-link (stately)", async () => {
    expect(JOB_QUEUES["sns.import"].policy).toBe("stately");
    const { rows } = await database.sql.executeSql(
      "select policy from pgboss.queue where name = 'sns.import'",
    );
    expect(rows).toEqual([{ policy: "stately" }]);
  });

  it("imports a linked channel through the dispatcher and the import job", async () => {
    const env = parseEnv({ AUTH_SECRET: SECRET, BASE_URL: "http://localhost:3999", ...yt.env });
    const sns = createSnsContext(env, { timeoutMs: LOOPBACK_BUDGET_MS });
    const mailer = createMailer({ db: database.db, env });
    const store = await makeLiver(database.db);
    const channel = yt.addChannel({ handle: "@jobs_store", title: "ジョブ店舗", videoCount: 4 });
    const linked = await linkYouTubeChannel({
      db: database.db,
      actor: store,
      sns,
      input: { channel: "@jobs_store" },
    });
    if (!linked.ok) throw new Error("not linked");
    // Only the dispatcher's job this time.
    await database.sql.executeSql("delete from pgboss.job where name = 'sns.import'");
    await enqueueJob(database.db, "sns.dispatch", {});
    runner = await startJobRunner({
      database,
      handlers: createJobHandlers({ db: database.db, mailer, sns }),
      pollingIntervalSeconds: 0.5,
      schedule: false,
      log: () => {},
    });
    await expect
      .poll(
        async () =>
          (await database.db.select().from(posts).where(eq(posts.liver_id, store.uid))).map(
            (p) => p.external_id,
          ),
        { timeout: 20_000 },
      )
      .toHaveLength(4);
    const [row] = await database.db.select().from(snsLinks).where(eq(snsLinks.link_id, linked.linkId));
    expect(row?.last_media_id).toBe(channel.videos[0]!.videoId);
    expect(row?.last_import_at).not.toBeNull();
  });

  it("a vendor that cannot be reached fails the attempt (the queue retries) and records the error", async () => {
    const port = await closedPort();
    const down = `http://127.0.0.1:${port}`;
    const env = parseEnv({
      AUTH_SECRET: SECRET,
      YOUTUBE_API_BASE: `${down}/youtube/v3`,
      YOUTUBE_FEED_BASE: down,
    });
    const sns = createSnsContext(env, { timeoutMs: 2_000 });
    const store = await makeLiver(database.db);
    const [link] = await database.db
      .insert(snsLinks)
      .values({
        link_id: crypto.randomUUID(),
        owner_type: "liver",
        owner_id: store.uid,
        source: "youtube",
        vendor_user_id: "UC0000000000000000000001",
        display_name: "落ちている",
      })
      .returning();
    const mailer = createMailer({ db: database.db, env });
    const error = await importSnsLink({ db: database.db, mailer, sns, linkId: link!.link_id }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(SnsVendorError);
    expect((error as SnsVendorError).retryable).toBe(true);
    const [after] = await database.db.select().from(snsLinks).where(eq(snsLinks.link_id, link!.link_id));
    expect(after).toMatchObject({ status: "active" });
    expect(after?.last_error).toMatch(/youtube/);
    // The dispatcher waits the interval, while the queue's retry runs whatever it says.
    expect(after?.next_import_at?.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    const retry = await importSnsLink({
      db: database.db,
      mailer,
      sns,
      linkId: link!.link_id,
      retrying: true,
    }).catch((e) => e);
    expect(retry).toBeInstanceOf(SnsVendorError);
  });
});
