import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { getViewer, type Viewer } from "~/.server/auth/viewer";
import { accountSuspensions, operatorAuditLog, session } from "~/.server/db/schema";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { signIn } from "~/.server/services/accounts/sign-in";
import { openRoom } from "~/.server/services/chat/open-room";
import { reportRoom } from "~/.server/services/chat/report-room";
import { getReport } from "~/.server/services/moderation/get-report";
import { handleReport } from "~/.server/services/moderation/handle-report";
import { liftAccountSuspension } from "~/.server/services/moderation/lift-account-suspension";
import { listAccountSuspensions } from "~/.server/services/moderation/list-account-suspensions";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { ACCOUNT_SUSPENSION_TEXTS, formatSuspensionEnd } from "~/domain/account-suspensions";
import { REPORT_TEXTS } from "~/domain/reports";
import * as suspensionsPage from "~/routes/admin/account-suspensions";
import * as adminReport from "~/routes/admin/report";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

// Blocks and timed suspensions of accounts (ADR 0033, ADR 0039) on both databases, the
// mails going out over real SMTP (a local sink) through the job queue: a suspension ends by itself
// at its end date (the sign-in hook's clock moved across the boundary), a block stays until an
// operator lifts it, lifting is audited and mailed, and the viewer statement refuses a session
// that a block holds.

const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)("account blocks and suspensions on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let context: AppLoadContext;
  let smtp: TestSmtpServer;
  let runner: JobRunner;
  let actor: SignedInOperator;
  let opCookie: string;
  let store: Viewer;
  let cast: Viewer & { loginId: string };
  let ipSeq = 0;
  const db = () => database.db;
  const freshIp = () => `198.18.7.${(++ipSeq % 250) + 1}`;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "suspensions" });
    rc = routeContext(database.db);
    context = rc.context;
    smtp = await startSmtpServer();
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
    const op = await makeOperator(db(), { authSecret: context.env.authSecret });
    actor = { uid: op.uid, email: op.email, ip: "192.0.2.70" };
    opCookie = await operatorCookie(context, op);
    store = await makeLiver(db(), { store_name: "クラブ 停止テスト" });
    cast = (await makeStaff(db(), store.uid, { name: "みお" })) as typeof cast;
  });
  afterAll(async () => {
    await runner?.stop(2_000);
    await smtp?.close();
    await database?.close();
  });

  /** A listener, her room with the cast, and the cast's report of it (open). */
  async function reportedListener(nickname: string) {
    const listener = (await makeListener(db(), { nickname })) as Viewer & { email: string };
    const opened = await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error(opened.error);
    const filed = await reportRoom({
      db: db(),
      actor: cast,
      input: { roomId: opened.room.id, reason: "しつこい" },
    });
    if (!filed.ok) throw new Error(filed.error);
    return { listener, reportId: filed.report.report_id };
  }

  /** Signs in through better-auth with the sign-in hook's clock at `now` (the real one when omitted). */
  function signInAt(email: string, now?: Date) {
    const auth = now
      ? createAuth({
          db: db(),
          env: context.env,
          mailer: context.mailer,
          onEmailVerified: async () => {},
          clock: () => now,
        })
      : context.auth;
    return signIn({
      db: db(),
      auth,
      clientIp: freshIp(),
      input: { role: "listener", identifier: email, password: FACTORY_PASSWORD },
    });
  }

  /** The page's lift form, posted by the signed-in operator. */
  const liftOnPage = (suspensionId: string, reason: string) =>
    call(suspensionsPage.action, {
      context,
      url: "/admin/accounts/suspensions",
      cookie: opCookie,
      method: "POST",
      body: form({ intent: "lift", suspension_id: suspensionId, reason }),
    });
  const viewerOf = (cookie: string) =>
    getViewer(new Request("http://localhost:3999/", { headers: { cookie } }), context);
  const auditOf = (action: string, targetId: string) =>
    db()
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target_id, targetId)));

  it("a suspension from the report page: sessions end, the end date is mailed, sign-in refused until the end and allowed at it", async () => {
    const { listener, reportId } = await reportedListener("期間停止される人");
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    expect((await viewerOf(cookie))?.uid).toBe(listener.uid);

    // The period is required for a suspension, next to its field, the note kept.
    const url = `/admin/reports/room/${reportId}`;
    const missing = await call(adminReport.action, {
      context,
      url,
      cookie: opCookie,
      method: "POST",
      params: { kind: "room", id: reportId },
      body: form({ outcome: "suspended", note: "暴言のため", days: "" }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      values: { note: "暴言のため" },
      errors: { days: REPORT_TEXTS.daysRequired },
    });

    const decided = await call(adminReport.action, {
      context,
      url,
      cookie: opCookie,
      method: "POST",
      params: { kind: "room", id: reportId },
      body: form({ outcome: "suspended", note: "暴言のため", days: "7", confirm: "yes" }),
    });
    expect(decided).toMatchObject({ status: 302, location: `${url}?done=handled` });
    const [row] = await db()
      .select()
      .from(accountSuspensions)
      .where(eq(accountSuspensions.user_id, listener.uid));
    expect(row).toMatchObject({
      kind: "suspension",
      report_id: reportId,
      report_kind: "room",
      reason: "暴言のため",
    });
    expect(row!.ends_at!.getTime() - row!.suspended_at.getTime()).toBe(7 * DAY);

    // The open session is gone; signing in is refused now.
    expect(await db().select().from(session).where(eq(session.userId, listener.uid))).toEqual([]);
    expect(await viewerOf(cookie)).toBeNull();
    // The login page says until when (a block would not).
    expect(await signInAt(listener.email)).toEqual({ ok: false, error: "suspended", until: row!.ends_at });

    // The owner reads the end date; the reporter's store the outcome, without the note.
    const mail = await smtp.waitForMail({ to: listener.email, subject: /まで停止しました/ }, 15_000);
    expect(mail.subject).toContain(formatSuspensionEnd(row!.ends_at!));
    expect(mail.text).toContain("7日間");
    expect(mail.text).toContain("暴言のため");
    expect(mail.text).toContain("再びログインできます");
    const outcome = await smtp.waitForMail(
      (m) =>
        m.to.includes(store.email.toLowerCase()) &&
        m.subject.includes("通報への対応が完了しました") &&
        m.text.includes("一定期間停止"),
      15_000,
    );
    expect(outcome.text).not.toContain("暴言のため");

    // The report shows what was placed; the audit row has the period.
    const detail = await getReport({ db: db(), actor, input: { kind: "room", reportId } });
    expect(detail).toMatchObject({
      outcome: "suspended",
      suspension: { kind: "suspension", lifted_at: null },
    });
    const [audit] = await auditOf("report.suspended", reportId);
    expect(audit?.details).toMatchObject({
      days: 7,
      suspension_id: row!.id,
      ends_at: row!.ends_at!.toISOString(),
    });

    // The sign-in hook's clock across the end: a millisecond before, refused; at the end, allowed.
    const end = row!.ends_at!;
    expect(await signInAt(listener.email, new Date(end.getTime() - 1))).toEqual({
      ok: false,
      error: "suspended",
      until: end,
    });
    expect(await signInAt(listener.email, end)).toMatchObject({ ok: true, uid: listener.uid });
    // Not lifted: it ended. The operator's list still has it until the real clock gets there.
    const [after] = await db().select().from(accountSuspensions).where(eq(accountSuspensions.id, row!.id));
    expect(after?.lifted_at).toBeNull();
    const active = await listAccountSuspensions({ db: db(), actor, input: { status: "active" } });
    expect(active.map((item) => item.id)).toContain(row!.id);
    const later = await listAccountSuspensions({ db: db(), actor, input: { status: "past" }, now: end });
    expect(later.find((item) => item.id === row!.id)?.state).toBe("ended");
  });

  it("a suspension whose end has passed holds nothing: the account signs in and its session is seen", async () => {
    const { listener, reportId } = await reportedListener("期間が終わった人");
    // Decided three days and a minute ago (the decision's clock), so both clocks agree it is over.
    const placedAt = new Date(Date.now() - 3 * DAY - 60_000);
    expect(
      await handleReport({
        ...context,
        actor,
        now: placedAt,
        input: { kind: "room", reportId, outcome: "suspended", note: "三日間の停止", days: 3 },
      }),
    ).toEqual({ ok: true });
    const [row] = await db()
      .select()
      .from(accountSuspensions)
      .where(eq(accountSuspensions.user_id, listener.uid));
    const end = row!.ends_at!;
    expect(await signInAt(listener.email, new Date(end.getTime() - 1))).toEqual({
      ok: false,
      error: "suspended",
    });
    const signedIn = await signInAt(listener.email);
    expect(signedIn).toMatchObject({ ok: true });
    if (!signedIn.ok) throw new Error("sign-in");
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await viewerOf(cookie))?.uid).toBe(listener.uid);
    const past = await listAccountSuspensions({ db: db(), actor, input: { status: "past" } });
    expect(past.find((item) => item.id === row!.id)).toMatchObject({ state: "ended", kind: "suspension" });
    // Lifting what has ended is refused, nothing written.
    expect(
      await liftAccountSuspension({
        ...context,
        actor,
        input: { suspensionId: row!.id, reason: "念のため" },
      }),
    ).toEqual({ ok: false, error: "not_active" });
    expect(await auditOf("account.unsuspend", listener.uid)).toEqual([]);
  });

  it("a block stays whatever the clock says, until an operator lifts it on the page (audited, mailed)", async () => {
    const { listener, reportId } = await reportedListener("無期限停止される人");
    expect(
      await handleReport({
        ...context,
        actor,
        now: new Date(Date.now() - 400 * DAY),
        input: { kind: "room", reportId, outcome: "blocked", note: "悪質な勧誘" },
      }),
    ).toEqual({ ok: true });
    const [row] = await db()
      .select()
      .from(accountSuspensions)
      .where(eq(accountSuspensions.user_id, listener.uid));
    expect(row).toMatchObject({ kind: "block", ends_at: null });
    expect(await signInAt(listener.email)).toEqual({ ok: false, error: "suspended" });
    expect(await signInAt(listener.email, new Date("2099-01-01T00:00:00Z"))).toEqual({
      ok: false,
      error: "suspended",
    });
    const blockedMail = await smtp.waitForMail(
      { to: listener.email, subject: /アカウントの利用を停止しました/ },
      15_000,
    );
    expect(blockedMail.text).toContain("運営が解除するまで");
    expect(blockedMail.text).toContain("悪質な勧誘");

    // The page lists it with who, why, since, until, by whom and the report.
    const page = await call(suspensionsPage.loader, {
      context,
      url: "/admin/accounts/suspensions",
      cookie: opCookie,
    });
    expect(page.status).toBe(200);
    const items = (page.body as { items: { id: string }[] }).items;
    expect(items.find((item) => item.id === row!.id)).toMatchObject({
      kind: "block",
      state: "active",
      account: { id: listener.uid, name: "無期限停止される人", type: "listener" },
      reason: "悪質な勧誘",
      ends_at: null,
      suspended_by_email: actor.email,
      report: { kind: "room", id: reportId },
    });

    // Lifting needs a reason, kept next to its field.
    const empty = await liftOnPage(row!.id, " ");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      values: { suspension_id: row!.id },
      errors: { reason: ACCOUNT_SUSPENSION_TEXTS.liftReasonRequired },
    });
    const lifted = await liftOnPage(row!.id, "誤解だったことが分かりました");
    expect(lifted).toMatchObject({ status: 302, location: "/admin/accounts/suspensions?done=lifted" });
    expect(await signInAt(listener.email)).toMatchObject({ ok: true });
    const mail = await smtp.waitForMail({ to: listener.email, subject: /利用停止を解除しました/ }, 15_000);
    expect(mail.text).toContain("誤解だったことが分かりました");
    expect(mail.text).toContain("再びログインしてご利用いただけます");
    expect(await auditOf("account.unblock", listener.uid)).toEqual([
      expect.objectContaining({
        operator_uid: actor.uid,
        target_type: "account",
        details: expect.objectContaining({ suspension_id: row!.id, reason: "誤解だったことが分かりました" }),
      }),
    ]);
    const [after] = await db().select().from(accountSuspensions).where(eq(accountSuspensions.id, row!.id));
    expect(after).toMatchObject({ lifted_by: actor.uid, lift_reason: "誤解だったことが分かりました" });

    // Lifted twice (a second tab): refused with the message, nothing written again.
    const again = await liftOnPage(row!.id, "もう一度");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: { _form: ACCOUNT_SUSPENSION_TEXTS.notActive } });
    expect(await auditOf("account.unblock", listener.uid)).toHaveLength(1);
    const unknown = await liftOnPage(randomUUID(), "x");
    expect(unknown.status).toBe(404);
    const past = await call(suspensionsPage.loader, {
      context,
      url: "/admin/accounts/suspensions?status=past",
      cookie: opCookie,
    });
    expect((past.body as { items: { id: string; state: string }[] }).items).toContainEqual(
      expect.objectContaining({ id: row!.id, state: "lifted" }),
    );
  });

  it("a staff member blocked and suspended by two reports: lifting the block leaves the suspension, her store told so", async () => {
    const other = (await makeStaff(db(), store.uid, { name: "さき" })) as typeof cast;
    const listener = await makeListener(db(), { nickname: "通報した人" });
    const opened = await openRoom({ db: db(), actor: listener, input: { staff_id: other.uid } });
    if (!opened.ok) throw new Error(opened.error);
    const ids: string[] = [];
    for (const reason of ["一回目", "二回目"]) {
      const filed = await reportRoom({
        db: db(),
        actor: listener,
        input: { roomId: opened.room.id, reason },
      });
      if (!filed.ok) throw new Error(filed.error);
      ids.push(filed.report.report_id);
    }
    await handleReport({
      ...context,
      actor,
      input: { kind: "room", reportId: ids[0]!, outcome: "blocked", note: "一回目の対応" },
    });
    await handleReport({
      ...context,
      actor,
      input: { kind: "room", reportId: ids[1]!, outcome: "suspended", note: "二回目の対応", days: 30 },
    });
    const suspended = await smtp.waitForMail(
      (m) => m.to.includes(store.email.toLowerCase()) && m.text.includes("二回目の対応"),
      15_000,
    );
    expect(suspended.text).toContain("さき");
    expect(suspended.text).toContain("30日間");

    const rows = await db()
      .select()
      .from(accountSuspensions)
      .where(eq(accountSuspensions.user_id, other.uid));
    const block = rows.find((r) => r.kind === "block")!;
    const timed = rows.find((r) => r.kind === "suspension")!;
    expect(
      await liftAccountSuspension({
        ...context,
        actor,
        input: { suspensionId: block.id, reason: "一回目は誤りでした" },
      }),
    ).toEqual({ ok: true, stillHeld: true });
    const staffSignIn = () =>
      signIn({
        db: db(),
        auth: context.auth,
        clientIp: freshIp(),
        input: { role: "staff", identifier: other.loginId, password: FACTORY_PASSWORD },
      });
    expect(await staffSignIn()).toEqual({ ok: false, error: "suspended", until: timed.ends_at });
    const liftMail = await smtp.waitForMail(
      (m) => m.to.includes(store.email.toLowerCase()) && m.text.includes("一回目は誤りでした"),
      15_000,
    );
    expect(liftMail.text).toContain(`${formatSuspensionEnd(timed.ends_at!)}まで続いている`);
    expect(await auditOf("account.unblock", other.uid)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ still_held: true }) }),
    ]);
    expect(
      await liftAccountSuspension({
        ...context,
        actor,
        input: { suspensionId: timed.id, reason: "二回目も解除" },
      }),
    ).toEqual({ ok: true, stillHeld: false });
    expect(await staffSignIn()).toMatchObject({ ok: true });
    expect(await auditOf("account.unsuspend", other.uid)).toHaveLength(1);
  });

  it("a session that slipped past a block (a sign-in racing the decision) is no session", async () => {
    const listener = (await makeListener(db(), { nickname: "すり抜けた人" })) as Viewer & { email: string };
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    expect((await viewerOf(cookie))?.uid).toBe(listener.uid);
    // The row written without the session deletion that placing does, as a racing sign-in leaves it.
    await db().insert(accountSuspensions).values({ user_id: listener.uid, kind: "block", reason: "競合" });
    expect(await viewerOf(cookie)).toBeNull();
  });

  it("every decision and lift is in the audit log with who did it", async () => {
    const actions = await db()
      .select({ action: operatorAuditLog.action, email: operatorAuditLog.operator_email })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.operator_uid, actor.uid));
    const names = new Set(actions.map((a) => a.action));
    for (const action of ["report.suspended", "report.blocked", "account.unblock", "account.unsuspend"])
      expect(names, action).toContain(action);
    expect(actions.every((a) => a.email === actor.email)).toBe(true);
  });

  it("is the operator's alone", async () => {
    const notOperator = { uid: store.uid, email: store.email, ip: "192.0.2.1" };
    await expect(
      listAccountSuspensions({ db: db(), actor: notOperator, input: { status: "active" } }),
    ).rejects.toThrow();
    await expect(
      liftAccountSuspension({ ...context, actor: notOperator, input: { suspensionId: "x", reason: "x" } }),
    ).rejects.toThrow();
  });
});
