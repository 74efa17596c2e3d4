import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer, MailNotFoundError, type OutgoingMail } from "~/.server/integrations/mail/mailer";
import { DEFAULT_SMTP_TIMEOUT_MS } from "~/.server/integrations/mail/smtp-transport";
import { verifyEmailMail } from "~/.server/integrations/mail/templates";
import { getOutboxMail } from "~/.server/services/get-outbox-mail";
import { listOutbox } from "~/.server/services/list-outbox";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import {
  type FailingSmtpServer,
  linksIn,
  REJECT_REPLY,
  startFailingSmtpServer,
  startSmtpServer,
  type TestSmtpServer,
} from "../support/smtp";

const env = parseEnv({ MAIL_FROM: "no-reply@yoru-navi.test", BASE_URL: "http://localhost:3999" });

/** Short enough to keep the file fast; the default budget is measured once, below. */
const TEST_TIMEOUT_MS = 1_500;

let counter = 0;
function verificationMail(to = `user${++counter}@example.com`): OutgoingMail & { url: string } {
  const url = `${env.baseUrl}/listener/login?verify=token-${counter}.abc_DEF-123`;
  return {
    kind: "verify-email",
    to,
    url,
    meta: { role: "listener", uid: `uid-${counter}` },
    ...verifyEmailMail({ name: "山田 花子", url, roleLabel: "ユーザー" }),
  };
}

describe.each(drivers)("mailer on %s", (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let silent: FailingSmtpServer;
  let rejecting: FailingSmtpServer;

  beforeAll(async () => {
    [database, smtp, silent, rejecting] = await Promise.all([
      openTestDatabase(driver, { prefix: "mailer" }),
      startSmtpServer(),
      startFailingSmtpServer("silent"),
      startFailingSmtpServer("reject"),
    ]);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), smtp?.close(), silent?.close(), rejecting?.close()]);
  });

  async function row(id: string) {
    const [found] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return found;
  }

  it("keeps the mail in the outbox when SMTP is not configured", async () => {
    const mailer = createMailer({ db: database.db, env });
    const mail = verificationMail();
    const result = await mailer.send(mail);

    expect(result).toEqual({ id: expect.any(String), status: "kept" });
    expect(await row(result.id)).toMatchObject({
      kind: "verify-email",
      to: mail.to,
      subject: "【ヨルナビ】メールアドレスの確認",
      text: mail.text,
      html: mail.html,
      status: "kept",
      error: null,
      sent_at: null,
      meta: { role: "listener", uid: mail.meta?.uid },
    });
    // Resending without SMTP leaves the row alone.
    await expect(mailer.resend(result.id)).resolves.toEqual({ id: result.id, status: "kept" });
    await expect(mailer.resend("no-such-mail")).rejects.toBeInstanceOf(MailNotFoundError);
  });

  it("delivers over SMTP and records the mail as sent", async () => {
    const mailer = createMailer({ db: database.db, env: { ...env, smtpUrl: smtp.url } });
    const mail = verificationMail();
    const before = Date.now();
    const result = await mailer.send(mail);
    expect(result).toEqual({ id: expect.any(String), status: "sent" });

    const received = await smtp.waitForMail({ to: mail.to });
    expect(received.subject).toBe("【ヨルナビ】メールアドレスの確認");
    expect(received.to).toEqual([mail.to]);
    expect(received.from).toEqual({ name: "ヨルナビ", address: "no-reply@yoru-navi.test" });
    expect(received.envelope).toEqual({ from: "no-reply@yoru-navi.test", to: [mail.to] });
    expect(received.text).toContain("山田 花子 様");
    expect(received.text).toContain("このリンクの有効期限は24時間です");
    expect(linksIn(received.text)).toContain(mail.url);
    expect(linksIn(received.text)[0]).toBe(mail.url);
    expect(received.html).toContain(`href="${mail.url}"`);

    const stored = await row(result.id);
    expect(stored).toMatchObject({ status: "sent", error: null });
    expect(stored?.sent_at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("gives up on a server that never answers, within the budget, and records the failure", async () => {
    const mailer = createMailer({
      db: database.db,
      env: { ...env, smtpUrl: silent.url },
      timeoutMs: TEST_TIMEOUT_MS,
    });
    const mail = verificationMail();
    const started = performance.now();
    const result = await mailer.send(mail);
    const elapsed = performance.now() - started;

    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/timeout|timed out|ETIMEDOUT|greeting/i);
    expect(elapsed).toBeLessThan(TEST_TIMEOUT_MS + 1_000);
    expect(silent.connections()).toBeGreaterThan(0);
    expect(await row(result.id)).toMatchObject({ status: "failed", error: result.error, sent_at: null });
  });

  it("keeps to the budget as a whole with a server that is slow at every step", async () => {
    const slow = await startFailingSmtpServer("slow", { replyDelayMs: 400 });
    try {
      const mailer = createMailer({
        db: database.db,
        env: { ...env, smtpUrl: slow.url },
        timeoutMs: TEST_TIMEOUT_MS,
      });
      const started = performance.now();
      const result = await mailer.send(verificationMail());
      const elapsed = performance.now() - started;

      expect(result).toMatchObject({ status: "failed", error: expect.stringContaining("ETIMEDOUT") });
      expect(elapsed).toBeLessThan(TEST_TIMEOUT_MS + 500);
      expect(await row(result.id)).toMatchObject({ status: "failed" });

      // The server takes the mail after the budget ran out: the record is corrected.
      await expect.poll(() => slow.delivered(), { timeout: 5_000 }).toBe(1);
      await expect.poll(async () => (await row(result.id))?.status, { timeout: 2_000 }).toBe("sent");
    } finally {
      await slow.close();
    }
  });

  it("records the server's 5xx reply as the failure", async () => {
    const mailer = createMailer({
      db: database.db,
      env: { ...env, smtpUrl: rejecting.url },
      timeoutMs: TEST_TIMEOUT_MS,
    });
    const result = await mailer.send(verificationMail());

    expect(result.status).toBe("failed");
    expect(result.error).toContain("550");
    expect(result.error).toContain(REJECT_REPLY);
    expect(result.error!.length).toBeLessThanOrEqual(500);
    expect(await row(result.id)).toMatchObject({ status: "failed", error: result.error });
  });

  it("resends a failed mail once a working server is configured", async () => {
    const failing = createMailer({
      db: database.db,
      env: { ...env, smtpUrl: rejecting.url },
      timeoutMs: TEST_TIMEOUT_MS,
    });
    const mail = verificationMail();
    const failed = await failing.send(mail);
    expect(failed.status).toBe("failed");

    const working = createMailer({ db: database.db, env: { ...env, smtpUrl: smtp.url } });
    const resent = await working.resend(failed.id);
    expect(resent).toEqual({ id: failed.id, status: "sent" });

    const received = await smtp.waitForMail({ to: mail.to });
    expect(received.subject).toBe(mail.subject);
    expect(linksIn(received.text)).toContain(mail.url);
    expect(await row(failed.id)).toMatchObject({ status: "sent", error: null });
  });

  it("lists the outbox newest first and finds one mail by id", async () => {
    const mailer = createMailer({ db: database.db, env });
    const first = await mailer.send(verificationMail());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await mailer.send(verificationMail());

    const page = await listOutbox({ db: database.db, input: { page: 1, pageSize: 2 } });
    expect(page.items.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items[0]).not.toHaveProperty("html");

    const beyond = await listOutbox({ db: database.db, input: { page: 999, pageSize: 2 } });
    expect(beyond.page).toBe(Math.ceil(page.total / 2));

    expect(await getOutboxMail({ db: database.db, input: { id: second.id } })).toMatchObject({
      id: second.id,
      status: "kept",
    });
    expect(await getOutboxMail({ db: database.db, input: { id: "no-such-mail" } })).toBeNull();
  });
});

describe("mailer with the default SMTP budget", () => {
  let database: TestDatabase;
  let silent: FailingSmtpServer;

  beforeAll(async () => {
    [database, silent] = await Promise.all([openTestDatabase("pglite"), startFailingSmtpServer("silent")]);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), silent?.close()]);
  });

  it("answers `failed` within 10 s when the server never answers", async () => {
    expect(DEFAULT_SMTP_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    const mailer = createMailer({ db: database.db, env: { ...env, smtpUrl: silent.url } });
    const started = performance.now();
    const result = await mailer.send(verificationMail());
    const elapsed = performance.now() - started;

    expect(result.status).toBe("failed");
    expect(elapsed).toBeLessThan(11_000);
    console.info(`default budget: gave up after ${Math.round(elapsed)} ms (${result.error})`);
  });
});
