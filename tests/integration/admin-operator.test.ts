import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleOfUser } from "~/.server/auth/account-role";
import { openTotpSecret } from "~/.server/auth/totp";
import {
  contactMessages,
  mailOutbox,
  operatorAuditLog,
  operatorSessions,
  operators,
  session,
  shopEntryRequests,
} from "~/.server/db/schema";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { registerListener } from "~/.server/services/accounts/register-listener";
import { createOperator } from "~/.server/services/operators/create-operator";
import { resetOperatorTotp } from "~/.server/services/operators/reset-operator-credentials";
import { signInOperator } from "~/.server/services/operators/sign-in-operator";
import { ADMIN_MESSAGES } from "~/domain/admin";
import * as listenerLogin from "~/routes/account/login";
import * as mypageLayout from "~/routes/account/mypage-layout";
import * as adminAudit from "~/routes/admin/audit";
import * as adminDashboard from "~/routes/admin/dashboard";
import * as adminEnroll from "~/routes/admin/enroll";
import * as adminInquiries from "~/routes/admin/inquiries";
import * as adminInquiry from "~/routes/admin/inquiry";
import * as adminLayout from "~/routes/admin/layout";
import * as adminLogin from "~/routes/admin/login";
import * as adminLogout from "~/routes/admin/logout";
import * as adminMail from "~/routes/admin/mail";
import * as adminNotFound from "~/routes/admin/not-found";
import * as apiAuth from "~/routes/api/auth";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener } from "../support/factories";
import {
  cookieOf,
  makeOperator,
  OPERATOR_PASSWORD,
  operatorCookie,
  type TestOperator,
} from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { totpCode } from "../support/totp";

// The operator role (ADR 0015, ADR 0033) through its services and route modules, with
// real sessions: TOTP required, wrong and replayed codes refused and limited, the enrolment, the
// guards between operators and the three other roles, and an audit row for every action.

/** A point in time `k` TOTP steps from now: each successful login in a test takes a later step. */
let stepOffset = 0;
function laterStep(): Date {
  stepOffset += 1;
  return new Date(Date.now() + stepOffset * 30_000);
}

/** A code that is not the current one (nor, with the ±1 step window, a neighbour's). */
function wrongCodeOf(secret: string): string {
  const near = [-30_000, 0, 30_000].map((offset) => totpCode(secret, new Date(Date.now() + offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.includes(code))!;
}

/** The login tests' helpers over a block's route context and database (read when called). */
function loginHelpers(get: () => { rc: RouteContext; database: TestDatabase }) {
  return {
    withIp: (ip: string) => ({ ...get().rc.context, clientIp: ip }),
    loginForm: (op: TestOperator, code: string) => form({ email: op.email, password: op.password, code }),
    auditRows: async (action: string, uid?: string) =>
      get()
        .database.db.select()
        .from(operatorAuditLog)
        .where(
          uid
            ? and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.operator_uid, uid))
            : eq(operatorAuditLog.action, action),
        ),
  };
}

describe.each(drivers)("operator role on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let smtp: TestSmtpServer;
  let authSecret: string;
  let runner: JobRunner;
  let ipSeq = 0;
  const freshIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "admin" });
    rc = routeContext(database.db);
    smtp = await startSmtpServer();
    // Replies are queued and go out over real SMTP (the sink above) through the job runner.
    rc.context.mailer = createMailer({
      db: database.db,
      env: { ...rc.context.env, smtpUrl: smtp.url, mailRetryDelaySeconds: 1 },
      timeoutMs: LOOPBACK_BUDGET_MS,
    });
    runner = await startJobRunner({
      database,
      handlers: createJobHandlers({ db: database.db, mailer: rc.context.mailer }),
      pollingIntervalSeconds: 0.5,
      log: () => {},
    });
    authSecret = rc.context.env.authSecret;
  });
  afterAll(async () => {
    await runner?.stop(2_000);
    await smtp?.close();
    await database?.close();
  });

  const { withIp, loginForm, auditRows } = loginHelpers(() => ({ rc, database }));

  describe("login", () => {
    it("refuses a code that was already used (replay), also when sent twice at once", async () => {
      const op = await makeOperator(database.db, { authSecret });
      const now = laterStep();
      const code = totpCode(op.secret, now);
      const attempt = () =>
        signInOperator({
          ...withIp(freshIp()),
          input: { email: op.email, password: op.password, code },
          now,
        });
      const first = await attempt();
      expect(first).toMatchObject({ ok: true, next: "admin" });
      expect(await attempt()).toEqual({ ok: false, error: "invalid" });

      // Two logins with one fresh code at the same moment: exactly one gets a session.
      const later = laterStep();
      const fresh = totpCode(op.secret, later);
      const both = await Promise.all(
        [0, 1].map(() =>
          signInOperator({
            ...withIp(freshIp()),
            input: { email: op.email, password: op.password, code: fresh },
            now: later,
          }),
        ),
      );
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      const reasons = (await auditRows("login.failed", op.uid)).map((r) => r.details.reason);
      expect(reasons).toEqual(["replayed", "replayed"]);
      // The refused twin left no session behind that could count as an operator's.
      const [sessions] = await database.db
        .select({ n: count() })
        .from(operatorSessions)
        .where(eq(operatorSessions.operator_uid, op.uid));
      expect(sessions?.n).toBe(2);
    });

    it("holds the code limit when many wrong codes arrive at once, and a right code gives its place back", async () => {
      const op = await makeOperator(database.db, { authSecret });
      const wrongCode = wrongCodeOf(op.secret);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          call(adminLogin.action, {
            context: withIp(freshIp()),
            url: "/admin/login",
            method: "POST",
            body: loginForm(op, wrongCode),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      // Each guess took its place before the check: no more than the limit were tried.
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);

      // A right code gives its place back: 4 wrong, 1 right, and the next wrong one is still
      // answered as wrong (the 5th place), not refused.
      const other = await makeOperator(database.db, { authSecret });
      const attempt = (code: string) =>
        call(adminLogin.action, {
          context: withIp(freshIp()),
          url: "/admin/login",
          method: "POST",
          body: loginForm(other, code),
        });
      for (let i = 0; i < 4; i++) expect((await attempt(wrongCodeOf(other.secret))).status).toBe(400);
      expect((await attempt(totpCode(other.secret))).status).toBe(302);
      expect((await attempt(wrongCodeOf(other.secret))).status).toBe(400);
      expect((await attempt(wrongCodeOf(other.secret))).status).toBe(429);
    });
  });

  describe("guards", () => {
    let op: TestOperator;
    let opCookie: string;
    let listenerCookie: string;

    beforeAll(async () => {
      op = await makeOperator(database.db, { authSecret });
      opCookie = await operatorCookie(rc.context, op, laterStep());
      const listener = await makeListener(database.db);
      listenerCookie = await sessionCookie(rc.context, "listener", listener.email, FACTORY_PASSWORD);
    });

    it("the operator is a fourth kind of account", async () => {
      expect(await roleOfUser(database.db, op.uid)).toBe("operator");
    });

    it("an operator session cannot open /listener/mypage (nor the store's, nor the staff's)", async () => {
      for (const path of ["/listener/mypage", "/liver/mypage", "/staff/mypage/profile"]) {
        const answer = await call(mypageLayout.loader, { context: rc.context, url: path, cookie: opCookie });
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^\/(listener|liver|staff)\/login\?from=/);
      }
    });

    it.each([
      ["layout", adminLayout.loader, "/admin"],
      ["dashboard", adminDashboard.loader, "/admin"],
      ["listing requests", adminInquiries.loader, "/admin/shop_entry"],
      ["contact messages", adminInquiries.loader, "/admin/contact"],
      ["mail outbox", adminMail.loader, "/admin/mail"],
      ["audit log", adminAudit.loader, "/admin/audit"],
      ["unknown page", adminNotFound.loader, "/admin/nothing-here"],
    ] as const)("a listener, or nobody, cannot open the %s (%s)", async (_name, loader, path) => {
      for (const cookie of [listenerCookie, undefined]) {
        const answer = await call(loader, { context: rc.context, url: path, cookie });
        expect(answer.status).toBe(302);
        expect(answer.location).toBe(`/admin/login?from=${encodeURIComponent(path)}`);
      }
    });

    it.each([
      ["reply", adminInquiry.action, "/admin/shop_entry/x", { intent: "reply", subject: "s", body: "b" }],
      ["mark handled", adminInquiry.action, "/admin/contact/x", { intent: "handled" }],
      ["send again", adminMail.action, "/admin/mail", { id: "x" }],
      ["logout", adminLogout.action, "/admin/logout", {}],
    ] as const)("a listener cannot post the %s action", async (_name, action, path, values) => {
      const answer = await call(action, {
        context: rc.context,
        url: path,
        method: "POST",
        cookie: listenerCookie,
        body: form(values),
        params: { id: "x" },
      });
      expect(answer.location).toBe(`/admin/login?from=${encodeURIComponent(path)}`);
    });

    it("an operator cannot sign in at a member login page nor through the JSON endpoint", async () => {
      const page = await call(listenerLogin.action, {
        context: rc.context,
        url: "/listener/login",
        method: "POST",
        body: form({ email: op.email, password: op.password }),
      });
      expect(page.status).toBe(400);
      const before = await database.db.select({ n: count() }).from(session).where(eq(session.userId, op.uid));
      const json = await call(apiAuth.action, {
        context: rc.context,
        url: "/api/auth/sign-in/email",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: op.email, password: op.password }),
      });
      expect(json.status).toBe(401);
      const after = await database.db.select({ n: count() }).from(session).where(eq(session.userId, op.uid));
      expect(after).toEqual(before);
    });

    it("the JSON sign-in counts the account it checks: a decoy address beside a login ID is refused", async () => {
      const answer = await call(apiAuth.action, {
        context: withIp(freshIp()),
        url: "/api/auth/sign-in/username",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "decoy@example.com",
          username: "some-login-id",
          password: "guess-password",
        }),
      });
      expect(answer.status).toBe(400);
    });

    it("no registration turns an operator's address into another account", async () => {
      const result = await registerListener({
        ...rc.context,
        clientIp: freshIp(),
        input: {
          email: op.email,
          password: "another-pass-123",
          password_confirmation: "another-pass-123",
          nickname: "なりすまし",
        },
      });
      expect(result).toEqual({ ok: false, error: "email_taken" });
      expect(await roleOfUser(database.db, op.uid)).toBe("operator");
    });

    it("the CLI refuses an address that already has an account", async () => {
      const listener = await makeListener(database.db);
      expect(
        await createOperator({
          db: database.db,
          input: { email: listener.email, password: OPERATOR_PASSWORD },
        }),
      ).toEqual({
        ok: false,
        error: "email_taken",
      });
    });
  });

  describe("audit log", () => {
    let op: TestOperator;
    let cookie: string;

    beforeAll(async () => {
      op = await makeOperator(database.db, { authSecret });
      cookie = await operatorCookie(rc.context, op, laterStep());
    });

    async function newShopEntry(): Promise<string> {
      const id = randomUUID();
      await database.db.insert(shopEntryRequests).values({
        id,
        store_name: "ラウンジ 月",
        contact_name: "月野 うさぎ",
        email: `shop-${id.slice(0, 8)}@example.com`,
        store_type: "lounge",
        prefecture: "tokyo",
        area: "銀座",
      });
      return id;
    }
    async function newContact(): Promise<string> {
      const id = randomUUID();
      await database.db.insert(contactMessages).values({
        id,
        name: "山田 太郎",
        email: `contact-${id.slice(0, 8)}@example.com`,
        category: "usage",
        message: "使い方を教えてください",
      });
      return id;
    }
    async function failedMail(): Promise<string> {
      const id = randomUUID();
      await database.db.insert(mailOutbox).values({
        id,
        kind: "verify-email",
        to: "late@example.com",
        subject: "【ヨルナビ】メールアドレスの確認",
        text: "本文",
        html: "<p>本文</p>",
        status: "failed",
        error: "connect ECONNREFUSED",
      });
      return id;
    }

    const post = (
      action: typeof adminInquiry.action | typeof adminMail.action | typeof adminLogout.action,
      url: string,
      values: Record<string, string>,
      params = {},
    ) =>
      call(action, {
        context: { ...rc.context, clientIp: "192.0.2.77" },
        url,
        method: "POST",
        cookie,
        body: form(values),
        params,
      });

    // Every action of the console, what it must record, and how to perform it.
    const ACTIONS: [
      string,
      string,
      () => Promise<{ targetId: string; answer: Awaited<ReturnType<typeof call>> }>,
    ][] = [
      [
        "shop_entry.handled",
        "shop_entry",
        async () => {
          const id = await newShopEntry();
          return {
            targetId: id,
            answer: await post(adminInquiry.action, `/admin/shop_entry/${id}`, { intent: "handled" }, { id }),
          };
        },
      ],
      [
        "shop_entry.reply",
        "shop_entry",
        async () => {
          const id = await newShopEntry();
          const answer = await post(
            adminInquiry.action,
            `/admin/shop_entry/${id}`,
            {
              intent: "reply",
              subject: "掲載についてのご案内",
              body: "お問い合わせありがとうございます。\n担当よりご案内します。",
              mark_handled: "1",
            },
            { id },
          );
          return { targetId: id, answer };
        },
      ],
      [
        "contact.handled",
        "contact",
        async () => {
          const id = await newContact();
          return {
            targetId: id,
            answer: await post(adminInquiry.action, `/admin/contact/${id}`, { intent: "handled" }, { id }),
          };
        },
      ],
      [
        "contact.reply",
        "contact",
        async () => {
          const id = await newContact();
          const answer = await post(
            adminInquiry.action,
            `/admin/contact/${id}`,
            { intent: "reply", subject: "お問い合わせへの回答", body: "ご連絡ありがとうございます。" },
            { id },
          );
          return { targetId: id, answer };
        },
      ],
      [
        "mail.resend",
        "mail",
        async () => {
          const id = await failedMail();
          return {
            targetId: id,
            answer: await post(adminMail.action, "/admin/mail", { id, status: "failed" }),
          };
        },
      ],
    ];

    it.each(ACTIONS)(
      "%s writes one audit row with the operator, the target and the address",
      async (action, targetType, perform) => {
        const before = (await auditRows(action, op.uid)).length;
        const { targetId, answer } = await perform();
        expect(answer.status).toBe(302);
        const rows = (await auditRows(action, op.uid)).filter((r) => r.target_id === targetId);
        expect(rows).toHaveLength(1);
        expect((await auditRows(action, op.uid)).length).toBe(before + 1);
        expect(rows[0]).toMatchObject({
          target_type: targetType,
          operator_email: op.email,
          ip: "192.0.2.77",
        });
      },
    );

    it("a reply goes out over SMTP, is linked from its audit row, and marks the request handled", async () => {
      const id = await newShopEntry();
      const [request] = await database.db
        .select()
        .from(shopEntryRequests)
        .where(eq(shopEntryRequests.id, id));
      await post(
        adminInquiry.action,
        `/admin/shop_entry/${id}`,
        {
          intent: "reply",
          subject: "掲載のご案内",
          body: "ご依頼ありがとうございます。\n\n掲載手順をご案内します。",
          mark_handled: "1",
        },
        { id },
      );
      const mail = await smtp.waitForMail({ to: request!.email, subject: /掲載のご案内/ });
      expect(mail.text).toContain("月野 うさぎ 様");
      expect(mail.text).toContain("掲載手順をご案内します。");
      expect(mail.text).toContain("ラウンジ 月");
      const [after] = await database.db.select().from(shopEntryRequests).where(eq(shopEntryRequests.id, id));
      expect(after?.status).toBe("handled");
      const [reply] = (await auditRows("shop_entry.reply", op.uid)).filter((r) => r.target_id === id);
      await expect
        .poll(
          async () => {
            const [outbox] = await database.db
              .select()
              .from(mailOutbox)
              .where(eq(mailOutbox.id, String(reply?.details.mail_id)));
            return outbox?.status;
          },
          { timeout: 30_000 },
        )
        .toBe("sent");
      expect(
        await auditRows("shop_entry.handled", op.uid).then((rows) => rows.filter((r) => r.target_id === id)),
      ).toHaveLength(1);
    });

    it("a reply whose delivery finally fails shows in the outbox; send again delivers it", async () => {
      const id = await newContact();
      // This reply's job gets no retry; the mail server refuses its one attempt.
      const oneAttempt = createMailer({
        db: database.db,
        env: { ...rc.context.env, smtpUrl: smtp.url, mailRetryDelaySeconds: 1 },
        retryLimit: 0,
      });
      smtp.refuseNext(1);
      const answer = await call(adminInquiry.action, {
        context: { ...rc.context, mailer: oneAttempt },
        url: `/admin/contact/${id}`,
        method: "POST",
        cookie,
        body: form({ intent: "reply", subject: "ご回答", body: "お待たせしました。", mark_handled: "1" }),
        params: { id },
      });
      expect(answer.status).toBe(302);
      const [message] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(message?.status).toBe("handled");
      const [reply] = (await auditRows("contact.reply", op.uid)).filter((r) => r.target_id === id);
      expect(reply?.details).toMatchObject({ mail_status: "queued" });
      const mailId = String(reply?.details.mail_id);
      const statusOf = async () =>
        (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)))[0]?.status;
      await expect.poll(statusOf, { timeout: 30_000 }).toBe("failed");

      const listed = await call(adminMail.loader, { context: rc.context, url: "/admin/mail", cookie });
      expect((listed.body as { items: { id: string }[] }).items.map((m) => m.id)).toContain(mailId);

      const resent = await post(adminMail.action, "/admin/mail", { id: mailId, status: "failed" });
      expect(resent.location).toBe("/admin/mail?status=failed&done=queued");
      await smtp.waitForMail({ to: message!.email, subject: /ご回答/ });
      await expect.poll(statusOf, { timeout: 30_000 }).toBe("sent");
    });

    it("marking twice changes nothing the second time and records nothing more", async () => {
      const id = await newContact();
      await post(adminInquiry.action, `/admin/contact/${id}`, { intent: "handled" }, { id });
      await post(adminInquiry.action, `/admin/contact/${id}`, { intent: "handled" }, { id });
      expect((await auditRows("contact.handled", op.uid)).filter((r) => r.target_id === id)).toHaveLength(1);
    });

    it("a bad reply is refused next to its field, nothing sent, nothing recorded", async () => {
      const id = await newContact();
      const mailsBefore = await database.db.select({ n: count() }).from(mailOutbox);
      const answer = await post(
        adminInquiry.action,
        `/admin/contact/${id}`,
        { intent: "reply", subject: "", body: "x\u0000y" },
        { id },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        errors: { subject: "件名を入力してください", body: "本文に使用できない文字が含まれています" },
      });
      expect(await database.db.select({ n: count() }).from(mailOutbox)).toEqual(mailsBefore);
      expect((await auditRows("contact.reply", op.uid)).filter((r) => r.target_id === id)).toHaveLength(0);
    });

    it("the command line's actions are recorded as the command line's", async () => {
      const other = await makeOperator(database.db, { authSecret });
      await resetOperatorTotp({ db: database.db, input: { email: other.email } });
      const created = (await auditRows("operator.create")).filter((r) => r.target_id === other.uid);
      const reset = (await auditRows("operator.reset_totp")).filter((r) => r.target_id === other.uid);
      expect(created).toHaveLength(1);
      expect(reset).toHaveLength(1);
      expect(reset[0]).toMatchObject({ operator_uid: null, details: { via: "cli" } });
    });

    it("hostile ids and fields answer 400/404, never 500", async () => {
      // A thrown `data(null, {status})` is React Router's 404 answer: read its status.
      const statusOf = (answer: Promise<{ status: number }>) =>
        answer.then(
          (a) => a.status,
          (thrown: { init?: { status?: number } }) => thrown?.init?.status ?? 500,
        );
      for (const id of ["\u0000", "not-an-id"]) {
        const url = `/admin/shop_entry/${encodeURIComponent(id)}`;
        expect(
          await statusOf(call(adminInquiry.loader, { context: rc.context, url, cookie, params: { id } })),
        ).toBe(404);
        expect(
          await statusOf(
            call(adminInquiry.action, {
              context: rc.context,
              url,
              cookie,
              method: "POST",
              body: form({ intent: "handled" }),
              params: { id },
            }),
          ),
        ).toBe(404);
      }
      expect(await statusOf(post(adminMail.action, "/admin/mail", { id: "x\u0000y" }))).toBe(404);
      const login = await call(adminLogin.action, {
        context: withIp(freshIp()),
        url: "/admin/login",
        method: "POST",
        body: form({ email: "a\u0000@example.com", password: "x\u0000y", code: "\u0000" }),
      });
      expect(login.status).toBe(400);
    });

    it("logout is recorded and ends the session; the audit page lists the entries", async () => {
      const page = await call(adminAudit.loader, { context: rc.context, url: "/admin/audit", cookie });
      expect(page.status).toBe(200);
      const actions = (page.body as { items: { action: string }[] }).items.map((i) => i.action);
      expect(actions).toContain("shop_entry.reply");

      const own = await operatorCookie(rc.context, op, laterStep());
      const out = await post(adminLogout.action, "/admin/logout", {});
      expect(out.location).toBe("/admin/login");
      expect(await auditRows("logout", op.uid)).toHaveLength(1);
      expect((await call(adminDashboard.loader, { context: rc.context, url: "/admin", cookie })).status).toBe(
        302,
      );
      expect(
        (await call(adminDashboard.loader, { context: rc.context, url: "/admin", cookie: own })).status,
      ).toBe(200);
    });
  });
});

// The login's rules walked through (codes, limits, enrolment, a session's life): many password and
// code checks, so one database (docs/testing.md); the concurrent cases stay on both, above.
describe.each(drivers.slice(0, 1))("operator login rules on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let authSecret: string;
  let ipSeq = 0;
  const freshIp = () => `198.19.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  const { withIp, loginForm, auditRows } = loginHelpers(() => ({ rc, database }));

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "admin_login" });
    rc = routeContext(database.db);
    authSecret = rc.context.env.authSecret;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("needs the TOTP code: without it, or with a wrong one, the same refusal; with it, /admin", async () => {
    const op = await makeOperator(database.db, { authSecret });
    const context = withIp(freshIp());
    for (const code of ["", "000000", "12345", "abcdef"]) {
      const refused = await call(adminLogin.action, {
        context,
        url: "/admin/login",
        method: "POST",
        body: loginForm(op, code),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: { _form: ADMIN_MESSAGES.login_invalid } });
    }
    const wrongPassword = await call(adminLogin.action, {
      context,
      url: "/admin/login",
      method: "POST",
      body: form({ email: op.email, password: "not-the-password", code: totpCode(op.secret) }),
    });
    expect(wrongPassword.body).toMatchObject({ errors: { _form: ADMIN_MESSAGES.login_invalid } });

    const accepted = await call(adminLogin.action, {
      context,
      url: "/admin/login?from=%2Fadmin%2Fmail",
      method: "POST",
      body: loginForm(op, totpCode(op.secret)),
    });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/admin/mail");
    expect(await auditRows("login", op.uid)).toHaveLength(1);
    expect((await auditRows("login.failed", op.uid)).map((r) => r.details.reason).sort()).toEqual([
      "code",
      "code",
      "code",
      "code",
      "password",
    ]);
  });

  it("limits wrong codes per account: after 5, even the right code waits (429)", async () => {
    const op = await makeOperator(database.db, { authSecret });
    for (let i = 0; i < 5; i++) {
      const wrong = await call(adminLogin.action, {
        context: withIp(freshIp()),
        url: "/admin/login",
        method: "POST",
        body: loginForm(op, "000000" === totpCode(op.secret) ? "111111" : "000000"),
      });
      expect(wrong.status).toBe(400);
    }
    const limited = await call(adminLogin.action, {
      context: withIp(freshIp()),
      url: "/admin/login",
      method: "POST",
      body: loginForm(op, totpCode(op.secret)),
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ errors: { _form: ADMIN_MESSAGES.too_many_attempts } });
  });

  it("limits wrong passwords per account and address, not for the operator elsewhere", async () => {
    const op = await makeOperator(database.db, { authSecret });
    const attacker = withIp(freshIp());
    for (let i = 0; i < 5; i++)
      await call(adminLogin.action, {
        context: attacker,
        url: "/admin/login",
        method: "POST",
        body: form({ email: op.email, password: `guess-${i}-password`, code: "" }),
      });
    const blocked = await call(adminLogin.action, {
      context: attacker,
      url: "/admin/login",
      method: "POST",
      body: loginForm(op, totpCode(op.secret)),
    });
    expect(blocked.status).toBe(429);
    const owner = await call(adminLogin.action, {
      context: withIp(freshIp()),
      url: "/admin/login",
      method: "POST",
      body: loginForm(op, totpCode(op.secret)),
    });
    expect(owner.status).toBe(302);
  });

  it("first login enrols: QR code and secret, a session that opens nothing else, then a confirmed code", async () => {
    const op = await makeOperator(database.db, { authSecret, enrolled: false });
    const context = withIp(freshIp());
    const result = await signInOperator({
      ...context,
      input: { email: op.email, password: op.password, code: "" },
    });
    expect(result).toMatchObject({ ok: true, next: "enroll" });
    if (!result.ok) return;
    const cookie = cookieOf(result.headers);

    const page = await call(adminEnroll.loader, { context, url: "/admin/login/enroll", cookie });
    expect(page.status).toBe(200);
    const { secret, qrDataUrl, email } = page.body as { secret: string; qrDataUrl: string; email: string };
    expect(email).toBe(op.email);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrDataUrl.split(",")[1]!, "base64").toString()).toContain("<svg");
    const [row] = await database.db.select().from(operators).where(eq(operators.uid, op.uid));
    expect(row?.totp_secret).not.toContain(secret.replace(/ /g, "")); // sealed at rest
    expect(openTotpSecret(row!.totp_secret!, authSecret)).toBe(secret.replace(/ /g, ""));

    // Half-way (password only) is no operator session.
    const blocked = await call(adminDashboard.loader, { context, url: "/admin", cookie });
    expect(blocked.location).toBe("/admin/login?from=%2Fadmin");

    const wrong = await call(adminEnroll.action, {
      context,
      url: "/admin/login/enroll",
      method: "POST",
      cookie,
      body: form({ code: "000000" === totpCode(secret.replace(/ /g, "")) ? "111111" : "000000" }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: { code: ADMIN_MESSAGES.code_wrong } });

    const confirmed = await call(adminEnroll.action, {
      context,
      url: "/admin/login/enroll",
      method: "POST",
      cookie,
      body: form({ code: totpCode(secret.replace(/ /g, "")) }),
    });
    expect(confirmed).toMatchObject({ status: 302, location: "/admin" });
    expect((await call(adminDashboard.loader, { context, url: "/admin", cookie })).status).toBe(200);
    expect(await auditRows("login.enrolment_started", op.uid)).toHaveLength(1);
    expect(await auditRows("login.totp_enrolled", op.uid)).toHaveLength(1);

    // The enrolment page is gone once enrolled.
    const again = await call(adminEnroll.loader, { context, url: "/admin/login/enroll", cookie });
    expect(again.location).toBe("/admin/login?expired=1");
  });

  it("operator sessions end after their short life (12 h)", async () => {
    const op = await makeOperator(database.db, { authSecret });
    const cookie = await operatorCookie(rc.context, op, laterStep());
    expect((await call(adminDashboard.loader, { context: rc.context, url: "/admin", cookie })).status).toBe(
      200,
    );
    const [own] = await database.db
      .select({ id: operatorSessions.session_id, expires: session.expiresAt })
      .from(operatorSessions)
      .innerJoin(session, eq(session.id, operatorSessions.session_id))
      .where(eq(operatorSessions.operator_uid, op.uid));
    const hours = (own!.expires.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11);
    expect(hours).toBeLessThan(13.1);
    await database.db
      .update(operatorSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.session_id, own!.id));
    const expired = await call(adminDashboard.loader, { context: rc.context, url: "/admin", cookie });
    expect(expired.location).toBe("/admin/login?from=%2Fadmin");
  });
});
