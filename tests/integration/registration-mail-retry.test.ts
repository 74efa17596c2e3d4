import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { listeners, mailOutbox, user } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { registerListener } from "~/.server/services/accounts/register-listener";
import { signIn } from "~/.server/services/accounts/sign-in";
import { verifyEmail } from "~/.server/services/accounts/verify-email";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { linksIn, startSmtpServer, type TestSmtpServer } from "../support/smtp";

const base = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});

/**
 * The accounts' first rule (ADR 0007) was: "A failing SMTP server makes the request answer with a clear message within 10 s
 * and loses no account; the mail can be sent again." Since ADR 0015 the account and its mail are
 * written in one transaction and a background job delivers the mail, retrying while the server
 * refuses: the request never waits for SMTP and nobody has to press "resend".
 */
describe.each(drivers)("registration while the mail server refuses, on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let runner: JobRunner | undefined;
  beforeAll(async () => {
    [database, smtp] = await Promise.all([
      openTestDatabase(driver, { prefix: "registration_mail" }),
      startSmtpServer({ refuseFirst: 2 }),
    ]);
  });
  afterAll(async () => {
    await runner?.stop(2_000);
    await Promise.all([database?.close(), smtp?.close()]);
  });

  it("keeps the account with its queued mail, and the retried mail's link verifies it", async () => {
    const env = { ...base, smtpUrl: smtp.url, mailRetryDelaySeconds: 1 };
    // A delivery the server accepted must not time out on our side and be retried after a
    // doubling wait that outlasts the poll below.
    const mailer = createMailer({ db: database.db, env, timeoutMs: LOOPBACK_BUDGET_MS });
    const auth = createAuth({
      db: database.db,
      env,
      mailer,
      onEmailVerified: (uid) => publishVerifiedStore({ db: database.db, uid }),
    });
    const email = `mailfail-${driver}@example.com`;

    const started = performance.now();
    const result = await registerListener({
      db: database.db,
      env,
      mailer,
      clientIp: "192.0.2.10",
      input: {
        email,
        password: "correct-horse-42",
        password_confirmation: "correct-horse-42",
        nickname: "はなこ",
      },
    });
    // The request does not wait for SMTP at all.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mail.status).toBe("queued");
    const [account] = await database.db.select().from(user).where(eq(user.id, result.uid));
    expect(account).toMatchObject({ email, emailVerified: false });
    expect(await database.db.select().from(listeners).where(eq(listeners.uid, result.uid))).toHaveLength(1);
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued).toMatchObject({ status: "queued", kind: "verify-email" });

    // The background worker tries, is refused twice, and delivers on the third attempt.
    runner = await startJobRunner({
      database,
      handlers: createJobHandlers({ db: database.db, mailer }),
      pollingIntervalSeconds: 0.5,
      log: () => {},
    });
    const mail = await smtp.waitForMail({ to: email }, 30_000);
    expect(smtp.refused()).toBe(2);
    await expect
      .poll(
        async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0]?.status,
        // The row is marked after the SMTP server's last answer reaches the job: seconds on a busy machine.
        { timeout: 15_000 },
      )
      .toBe("sent");
    const link = linksIn(mail.text).find((url) => url.includes("/listener/login?verify="));
    expect(link).toBeDefined();
    expect(await verifyEmail({ auth, token: new URL(link!).searchParams.get("verify")! })).toBe(true);
    const signedIn = await signIn({
      db: database.db,
      auth,
      clientIp: "192.0.2.12",
      input: { role: "listener", identifier: email, password: "correct-horse-42" },
    });
    expect(signedIn.ok).toBe(true);
  });
});
