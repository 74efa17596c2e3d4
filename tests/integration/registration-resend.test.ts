import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "~/.server/db/schema";
import { registrationDone } from "~/.server/http/registration-draft";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { REGISTRATION_COMPLETE_TEXTS } from "~/domain/registration-complete";
import * as listenerRegistration from "~/routes/listener/registration";
import * as listenerComplete from "~/routes/listener/registration-complete";
import * as listenerConfirm from "~/routes/listener/registration-confirm";
import * as liverComplete from "~/routes/liver/registration-complete";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { call, form, type RouteContext, routeContext } from "../support/routes";
import { linksIn, startSmtpServer, type TestSmtpServer } from "../support/smtp";

// The complete step's 確認メールを再送信 (docs/product.md "First steps"): the address comes from
// the sealed cookie the confirm step wrote, the mail goes out over real SMTP (a local sink) through
// the job queue, the login page's rate limits apply, and without the cookie nothing is sent to any
// address a request names. Shape and wiring, on one database (the service's SQL is tested with it).

/** Calls a route function as React Router does and keeps the answer's cookies (`call` drops them). */
async function post(
  fn: (args: never) => unknown,
  context: AppLoadContext,
  url: string,
  cookie: string,
  body: FormData,
): Promise<{ location: string | null; cookies: string[] }> {
  const request = new Request(new URL(url, "http://localhost:3999"), {
    method: "POST",
    body,
    headers: cookie ? { cookie } : {},
  });
  const answer = (await (fn as (args: unknown) => Promise<unknown>)({
    request,
    context,
    params: {},
  })) as Response;
  return {
    location: answer.headers.get("location"),
    cookies: answer.headers.getSetCookie().map((c) => c.split(";")[0]!),
  };
}

describe.each(drivers.slice(0, 1))(
  "resending the verification mail from the complete step on %s",
  (driver) => {
    let database: TestDatabase;
    let rc: RouteContext;
    let context: AppLoadContext;
    let smtp: TestSmtpServer;
    let runner: JobRunner;
    const email = `resend-${driver}@example.com`;
    let doneCookie = "";

    beforeAll(async () => {
      [database, smtp] = await Promise.all([
        openTestDatabase(driver, { prefix: "registration_resend" }),
        startSmtpServer(),
      ]);
      rc = routeContext(database.db);
      context = rc.context;
      context.mailer = createMailer({
        db: database.db,
        env: { ...context.env, smtpUrl: smtp.url, mailRetryDelaySeconds: 1 },
        timeoutMs: LOOPBACK_BUDGET_MS,
      });
      runner = await startJobRunner({
        database,
        handlers: createJobHandlers({ db: database.db, mailer: context.mailer }),
        pollingIntervalSeconds: 0.5,
        log: () => {},
      });
    });
    afterAll(async () => {
      await runner?.stop(2_000);
      await Promise.all([smtp?.close(), database?.close()]);
      if (rc) rmSync(rc.dataDir, { recursive: true, force: true });
    });

    it("registers through the three steps; the complete page shows the address of this browser's registration", async () => {
      const input = await post(
        listenerRegistration.action,
        context,
        "/listener/registration",
        "",
        form({
          email,
          password: "resend-pass-2026",
          password_confirmation: "resend-pass-2026",
          nickname: "さいそう",
        }),
      );
      expect(input.location).toBe("/listener/registration/confirm");
      const confirmed = await post(
        listenerConfirm.action,
        context,
        "/listener/registration/confirm",
        input.cookies.join("; "),
        form({}),
      );
      expect(confirmed.location).toBe("/listener/registration/complete");
      doneCookie = confirmed.cookies.filter((c) => c.startsWith("listener_registration_done=")).join("; ");
      expect(doneCookie).not.toBe("");
      await smtp.waitForMail({ to: email, subject: /メールアドレスの確認/ });

      const page = await call(listenerComplete.loader, {
        context,
        url: "/listener/registration/complete",
        cookie: doneCookie,
      });
      expect(page.body).toEqual({ email });
      const bare = await call(listenerComplete.loader, { context, url: "/listener/registration/complete" });
      expect(bare.body).toEqual({ email: null });
    });

    it("resends to that address: a second mail arrives with a working link", async () => {
      const answer = await call(listenerComplete.action, {
        context,
        url: "/listener/registration/complete",
        cookie: doneCookie,
        method: "POST",
        body: form({}),
      });
      expect(answer).toMatchObject({ status: 200, body: { resent: true, error: null } });
      const mailsTo = () => smtp.mails.filter((mail) => mail.to.includes(email));
      // Delivered by the job runner: seconds on a busy machine.
      await expect.poll(() => mailsTo().length, { timeout: 15_000 }).toBe(2);
      const second = mailsTo()[1]!;
      expect(second.subject).toMatch(/メールアドレスの確認/);
      expect(linksIn(second.text).some((url) => url.includes("/listener/login?verify="))).toBe(true);
    });

    it("refuses without the cookie (400), whatever address the request names, and sends nothing", async () => {
      const stranger = "stranger@example.com";
      for (const route of [listenerComplete, liverComplete]) {
        const role = route === listenerComplete ? "listener" : "liver";
        const answer = await call(route.action, {
          context,
          url: `/${role}/registration/complete`,
          method: "POST",
          body: form({ email: stranger }),
          headers: { cookie: `${role}_registration_done=forged` },
        });
        expect(answer).toMatchObject({
          status: 400,
          body: { resent: false, error: REGISTRATION_COMPLETE_TEXTS.expired },
        });
      }
      // A cookie of the other role is not this one's.
      const crossed = await call(liverComplete.action, {
        context,
        url: "/liver/registration/complete",
        cookie: doneCookie.replace("listener_registration_done", "liver_registration_done"),
        method: "POST",
        body: form({}),
      });
      expect(crossed.status).toBe(400);
      expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, stranger))).toEqual([]);
    });

    it("is rate limited like the login page's resend: the fourth within the hour is refused (429)", async () => {
      const resend = () =>
        call(listenerComplete.action, {
          context,
          url: "/listener/registration/complete",
          cookie: doneCookie,
          method: "POST",
          body: form({}),
        });
      expect((await resend()).status).toBe(200);
      expect((await resend()).status).toBe(200);
      expect(await resend()).toMatchObject({
        status: 429,
        body: { resent: false, error: AUTH_MESSAGES.too_many_requests },
      });
      // A sealed cookie written for the store's complete step works there the same way.
      const storeCookie = registrationDone(context.env, "liver")
        .write({ email: "store-resend@example.com" })
        .split(";")[0]!;
      expect(
        await call(liverComplete.loader, {
          context,
          url: "/liver/registration/complete",
          cookie: storeCookie,
        }),
      ).toMatchObject({ body: { email: "store-resend@example.com" } });
    });
  },
);
