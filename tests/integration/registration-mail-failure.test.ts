import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { listeners, mailOutbox, user } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { registerListener } from "~/.server/services/accounts/register-listener";
import { resendVerification } from "~/.server/services/accounts/resend-verification";
import { signIn } from "~/.server/services/accounts/sign-in";
import { verifyEmail } from "~/.server/services/accounts/verify-email";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import {
  type FailingSmtpServer,
  linksIn,
  startFailingSmtpServer,
  startSmtpServer,
  type TestSmtpServer,
} from "../support/smtp";

const base = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});

/**
 * Issue 3: "A failing SMTP server makes the request answer with a clear message within 10 s and
 * loses no account; the mail can be sent again."
 */
describe.each(drivers)("registration while the mail server fails, on %s", (driver) => {
  let database: TestDatabase;
  let silent: FailingSmtpServer;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    [database, silent, smtp] = await Promise.all([
      openTestDatabase(driver, { prefix: "registration_mail" }),
      startFailingSmtpServer("silent"),
      startSmtpServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), silent?.close(), smtp?.close()]);
  });

  it("keeps the account, reports the failed mail, and verifies after a resend", async () => {
    const brokenEnv = { ...base, smtpUrl: silent.url };
    const brokenMailer = createMailer({ db: database.db, env: brokenEnv, timeoutMs: 1_500 });
    const email = `mailfail-${driver}@example.com`;

    const started = performance.now();
    const result = await registerListener({
      db: database.db,
      env: brokenEnv,
      mailer: brokenMailer,
      clientIp: "192.0.2.10",
      input: {
        email,
        password: "correct-horse-42",
        password_confirmation: "correct-horse-42",
        nickname: "はなこ",
      },
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mail.status).toBe("failed");
    const [account] = await database.db.select().from(user).where(eq(user.id, result.uid));
    expect(account).toMatchObject({ email, emailVerified: false });
    expect(await database.db.select().from(listeners).where(eq(listeners.uid, result.uid))).toHaveLength(1);
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(failed).toMatchObject({ status: "failed", kind: "verify-email" });

    // The mail server is back: the login page's resend delivers a working link.
    const env = { ...base, smtpUrl: smtp.url };
    const mailer = createMailer({ db: database.db, env });
    const auth = createAuth({ db: database.db, env, mailer });
    const resent = await resendVerification({
      db: database.db,
      env,
      mailer,
      clientIp: "192.0.2.11",
      input: { role: "listener", email },
    });
    expect(resent).toMatchObject({ ok: true, mail: { status: "sent" } });
    const mail = await smtp.waitForMail({ to: email });
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
