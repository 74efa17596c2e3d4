/**
 * Store plans paid at the provider (ADR 0032, ADR 0037) with the test provider and a fake
 * clock: subscribing through the テスト決済 path, `new_plan_id` applied at the renewal with its
 * invoice, a declined renewal → 7 days of grace (reminded) → suspended exactly at the boundary
 * (unlisted) → paid → listed again, a mail at each step over real SMTP; and the webhook handler's
 * exactly-once, any-order, forged-event rules, also through `POST /api/payments/webhook`.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { livers, paymentEvents, storeBilling, storeInvoices, storeSuspensions } from "~/.server/db/schema";
import { createMailer, type Mailer } from "~/.server/integrations/mail/mailer";
import { billingPort } from "~/.server/integrations/payments/billing";
import { isBillingPayload } from "~/.server/integrations/payments/billing-port";
import { signStripePayload } from "~/.server/integrations/payments/stripe-signature";
import { createTestBilling, type TestBillingPort } from "~/.server/integrations/payments/test-billing";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { payTestSubscription } from "~/.server/services/billing/pay-test-subscription";
import { readBillingPage } from "~/.server/services/billing/read-billing-page";
import { receiveBillingWebhook } from "~/.server/services/billing/receive-billing-webhook";
import { renewStorePlans } from "~/.server/services/billing/renew-store-plans";
import { startPlanSubscription } from "~/.server/services/billing/start-plan-subscription";
import { runTestBillingControl } from "~/.server/services/billing/test-billing-controls";
import { testInvoice } from "~/.server/services/billing/test-billing-events";
import { changePlan } from "~/.server/services/stores/change-plan";
import { action as webhookAction } from "~/routes/api/payments-webhook";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver } from "../support/factories";
import { confirmedPlanTerms } from "../support/final-confirmation";
import { type RouteContext, routeContext } from "../support/routes";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const DAY = 86_400_000;
const BASE = "http://localhost:3999";

describe.each(drivers)("store plan billing on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let rc: RouteContext;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let runner: JobRunner;
  let port: TestBillingPort;
  let store: Viewer;
  const t0 = new Date("2026-01-31T01:00:00Z");
  // Anchored to the 31st: Feb 28, then Mar 31.
  const t1 = new Date("2026-02-28T01:00:00Z");
  const t2 = new Date("2026-03-31T01:00:00Z");

  const billingRow = async (uid = store.uid) =>
    (await db().select().from(storeBilling).where(eq(storeBilling.liver_id, uid)))[0]!;
  const invoices = async (uid = store.uid) =>
    db()
      .select()
      .from(storeInvoices)
      .where(eq(storeInvoices.liver_id, uid))
      .orderBy(storeInvoices.created_at);
  const status = async (uid = store.uid) =>
    (await db().select({ s: livers.status }).from(livers).where(eq(livers.uid, uid)))[0]?.s;
  const renew = (now: Date) => renewStorePlans({ db: db(), port, mailer, baseUrl: BASE, now });
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "billing" });
    rc = routeContext(db());
    smtp = await startSmtpServer();
    mailer = createMailer({
      db: db(),
      env: { ...rc.context.env, smtpUrl: smtp.url, mailRetryDelaySeconds: 1 },
      timeoutMs: LOOPBACK_BUDGET_MS,
    });
    rc.context.mailer = mailer;
    runner = await startJobRunner({
      database,
      handlers: createJobHandlers({ db: db(), mailer }),
      pollingIntervalSeconds: 0.5,
      log: () => {},
    });
    port = createTestBilling(rc.context.env.authSecret);
    store = await makeLiver(db(), {
      status: "public",
      plan_id: "standard",
      email: `plan-${driver}@example.com`,
    });
  });
  afterAll(async () => {
    await runner?.stop(2_000);
    await smtp?.close();
    await database?.close();
  });

  async function subscribe(viewer: Viewer, card: "4242" | "0341", now: Date) {
    const confirmedTerms = await confirmedPlanTerms(db(), viewer);
    const started = await startPlanSubscription({
      db: db(),
      actor: viewer,
      port,
      input: { baseUrl: BASE, confirmedTerms },
    });
    if (!started.ok) throw new Error(started.error);
    const sessionId = started.url.split("/").at(-1)!;
    const paid = await payTestSubscription({
      db: db(),
      actor: viewer,
      port,
      mailer,
      baseUrl: BASE,
      input: { sessionId, card },
      now,
    });
    expect(paid).toEqual({ ok: true });
  }

  it("subscribes through the test provider: active, the first invoice paid, the card and next date shown", async () => {
    await subscribe(store, "4242", t0);
    const row = await billingRow();
    expect(row).toMatchObject({ status: "active", plan_id: "standard", card_last4: "4242", anchor_day: 31 });
    expect(row.current_period_end?.toISOString()).toBe(t1.toISOString());
    const [first] = await invoices();
    expect(first).toMatchObject({ status: "paid", amount_jpy: 29800, plan_id: "standard" });
    const page = await readBillingPage({ db: db(), actor: store });
    expect(page).toMatchObject({ phase: "active", card: { brand: "visa", last4: "4242" } });
    expect(page?.nextBillingAt).toBe(t1.toISOString());
    expect(page?.invoices).toHaveLength(1);
    // A second subscription of the same store is refused.
    const again = { baseUrl: BASE, confirmedTerms: "" };
    expect(await startPlanSubscription({ db: db(), actor: store, port, input: again })).toEqual({
      ok: false,
      error: "already_subscribed",
    });
  });

  it("renews on the job's clock, applying new_plan_id at the renewal with its invoice", async () => {
    expect(await changePlan({ db: db(), actor: store, input: { new_plan_id: "premium" } })).toMatchObject({
      ok: true,
      scheduled: true,
    });
    expect(await renew(new Date(t1.getTime() - 1))).toMatchObject({ renewed: 0 });
    expect(await renew(t1)).toMatchObject({ renewed: 1, failed: 0 });
    expect(await renew(new Date(t1.getTime() + DAY))).toMatchObject({ renewed: 0 });
    const [s] = await db().select().from(livers).where(eq(livers.uid, store.uid));
    expect(s).toMatchObject({ plan_id: "premium", new_plan_id: null, limit_staff: 50 });
    const all = await invoices();
    expect(all.map((i) => [i.plan_id, i.amount_jpy, i.status])).toEqual([
      ["standard", 29800, "paid"],
      ["premium", 59800, "paid"],
    ]);
    expect((await billingRow()).current_period_end?.toISOString()).toBe(t2.toISOString());
  });

  it("a declined renewal: mail, 7 days of grace with a reminder, suspended at the boundary, paid → listed again", async () => {
    expect(
      await runTestBillingControl({
        db: db(),
        actor: store,
        port,
        mailer,
        baseUrl: BASE,
        input: { control: "card_0341" },
      }),
    ).toMatchObject({ ok: true });
    expect(await renew(t2)).toMatchObject({ renewed: 0, failed: 1 });
    const failed = await billingRow();
    expect(failed.status).toBe("past_due");
    expect(failed.grace_until?.toISOString()).toBe(new Date(t2.getTime() + 7 * DAY).toISOString());
    expect((await invoices()).at(-1)).toMatchObject({
      status: "failed",
      plan_id: "premium",
      amount_jpy: 59800,
    });
    await smtp.waitForMail({ to: store.email, subject: /お支払いができませんでした/ }, 15_000);
    expect(await status()).toBe("public");

    expect(await renew(new Date(t2.getTime() + 5 * DAY - 1))).toMatchObject({ reminded: 0, suspended: 0 });
    expect(await renew(new Date(t2.getTime() + 5 * DAY))).toMatchObject({ reminded: 1, suspended: 0 });
    await smtp.waitForMail({ to: store.email, subject: /【再送】/ }, 15_000);
    expect(await renew(new Date(t2.getTime() + 7 * DAY - 1))).toMatchObject({ reminded: 0, suspended: 0 });
    expect(await status()).toBe("public");
    expect(await renew(new Date(t2.getTime() + 7 * DAY))).toMatchObject({ suspended: 1 });
    expect(await status()).toBe("suspended");
    expect(await renew(new Date(t2.getTime() + 8 * DAY))).toMatchObject({ suspended: 0, reminded: 0 });
    await smtp.waitForMail({ to: store.email, subject: /掲載を停止しました/ }, 15_000);
    const active = await db()
      .select()
      .from(storeSuspensions)
      .where(and(eq(storeSuspensions.liver_id, store.uid), isNull(storeSuspensions.lifted_at)));
    expect(active.map((s) => s.source)).toEqual(["billing"]);
    expect((await readBillingPage({ db: db(), actor: store }))?.phase).toBe("suspended");

    // Paying with the failing card is refused; with 4242 the unpaid invoice is paid.
    expect(
      await runTestBillingControl({
        db: db(),
        actor: store,
        port,
        mailer,
        baseUrl: BASE,
        input: { control: "pay_unpaid" },
      }),
    ).toEqual({ ok: false, error: "card_fails" });
    await runTestBillingControl({
      db: db(),
      actor: store,
      port,
      mailer,
      baseUrl: BASE,
      input: { control: "card_4242" },
    });
    expect(
      await runTestBillingControl({
        db: db(),
        actor: store,
        port,
        mailer,
        baseUrl: BASE,
        input: { control: "pay_unpaid" },
        now: new Date(t2.getTime() + 9 * DAY),
      }),
    ).toEqual({ ok: true, outcome: "paid:1" });
    expect(await status()).toBe("public");
    expect(await billingRow()).toMatchObject({ status: "active", failed_at: null, grace_until: null });
    expect((await invoices()).every((i) => i.status === "paid")).toBe(true);
    await smtp.waitForMail({ to: store.email, subject: /掲載を再開しました/ }, 15_000);
    expect(mailsTo(store.email).map((m) => m.subject)).toEqual([
      "【ヨルナビ】プラン料金のお支払いができませんでした",
      expect.stringContaining("【再送】"),
      "【ヨルナビ】プラン料金の未払いにより掲載を停止しました",
      "【ヨルナビ】お支払いを確認し、掲載を再開しました",
    ]);
  });

  it("an operator's suspension outlives the paid invoice; the mail says so", async () => {
    const other = await makeLiver(db(), { status: "public", email: `held-${driver}@example.com` });
    await subscribe(other, "0341", t0);
    await renew(t1);
    await renew(new Date(t1.getTime() + 7 * DAY));
    expect(await status(other.uid)).toBe("suspended");
    await db().transaction(async (tx) => {
      const { placeStoreSuspension } = await import("~/.server/services/shared/store-suspension");
      await placeStoreSuspension(tx, {
        liverId: other.uid,
        source: "operator",
        reason: "test",
        by: { uid: null },
      });
    });
    await runTestBillingControl({
      db: db(),
      actor: other,
      port,
      mailer,
      baseUrl: BASE,
      input: { control: "card_4242" },
    });
    await runTestBillingControl({
      db: db(),
      actor: other,
      port,
      mailer,
      baseUrl: BASE,
      input: { control: "pay_unpaid" },
    });
    expect(await status(other.uid)).toBe("suspended");
    const mail = await smtp.waitForMail({ to: other.email, subject: /お支払いを確認しました/ }, 15_000);
    expect(mail.text).toContain("運営による掲載停止");
  });

  describe("events", () => {
    let viewer: Viewer;
    let billing: typeof storeBilling.$inferSelect;
    const invoiceFor = (periodStart: Date, status: "open" | "paid") =>
      testInvoice({
        billing,
        planId: "light",
        amountJpy: 9800,
        periodStart,
        periodEnd: new Date(periodStart.getTime() + 30 * DAY),
        status,
        card: { brand: "visa", last4: "4242" },
      });
    const deliver = (type: string, object: Record<string, unknown>, now = t1) => {
      const event = port.signedEvent(type, object, now);
      return receiveBillingWebhook({
        db: db(),
        port,
        mailer,
        baseUrl: BASE,
        now,
        rawBody: event.body,
        signature: event.signature,
      });
    };

    beforeAll(async () => {
      viewer = await makeLiver(db(), {
        status: "public",
        plan_id: "light",
        email: `events-${driver}@example.com`,
      });
      await subscribe(viewer, "4242", t0);
      billing = await billingRow(viewer.uid);
    });

    it("a repeated event is applied once, also two copies at once", async () => {
      const event = port.signedEvent(
        "invoice.payment_failed",
        invoiceFor(new Date("2026-04-01T00:00:00Z"), "open"),
        t1,
      );
      const send = () =>
        receiveBillingWebhook({
          db: db(),
          port,
          mailer,
          baseUrl: BASE,
          now: t1,
          rawBody: event.body,
          signature: event.signature,
        });
      const results = await Promise.all([send(), send(), send()]);
      expect(results.filter((r) => r.ok && !("duplicate" in r && r.duplicate))).toHaveLength(1);
      expect(results.filter((r) => r.ok && "duplicate" in r && r.duplicate)).toHaveLength(2);
      const sent = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.event_id, JSON.parse(event.body.toString()).id));
      expect(sent).toHaveLength(1);
      // One grace, one mail.
      expect((await billingRow(viewer.uid)).grace_until?.toISOString()).toBe(
        new Date(t1.getTime() + 7 * DAY).toISOString(),
      );
      await smtp.waitForMail({ to: viewer.email, subject: /お支払いができませんでした/ }, 15_000);
    });

    it("out of order: paid before its failure stays paid and ends the grace; a failure never undoes a payment", async () => {
      const start = new Date("2026-04-01T00:00:00Z");
      expect(await deliver("invoice.paid", invoiceFor(start, "paid"))).toMatchObject({ ok: true });
      expect(await deliver("invoice.payment_failed", invoiceFor(start, "open"))).toMatchObject({ ok: true });
      const rows = (await invoices(viewer.uid)).filter((i) => i.period_start?.getTime() === start.getTime());
      expect(rows.map((r) => r.status)).toEqual(["paid"]);
      expect(await billingRow(viewer.uid)).toMatchObject({ status: "active", grace_until: null });
    });

    it("forged, tampered and stale events change nothing", async () => {
      const object = invoiceFor(new Date("2026-05-01T00:00:00Z"), "open");
      const event = port.signedEvent("invoice.payment_failed", object);
      const forged = signStripePayload(event.body, "whsec_not_ours");
      const stale = port.signedEvent("invoice.payment_failed", object);
      const staleSignature = stale.signature.replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 3600}`);
      const tampered = Buffer.from(event.body.toString().replace('"amount_due":9800', '"amount_due":1'));
      for (const [rawBody, signature] of [
        [event.body, forged],
        [event.body, null],
        [tampered, event.signature],
        [stale.body, staleSignature],
      ] as const)
        expect(
          await receiveBillingWebhook({ db: db(), port, mailer, baseUrl: BASE, rawBody, signature }),
        ).toEqual({ ok: false, error: "bad_signature" });
      expect((await billingRow(viewer.uid)).grace_until).toBeNull();
    });

    it("an event of a subscription we do not know is answered 409 (sent again later); POST /api/payments/webhook routes billing events", async () => {
      const unknown = port.signedEvent("invoice.paid", {
        ...invoiceFor(new Date("2026-06-01T00:00:00Z"), "paid"),
        subscription: "sub_test_nobody",
        customer: "cus_test_nobody",
        subscription_details: { metadata: {} },
      });
      expect(isBillingPayload(unknown.body)).toBe(true);
      const post = (body: Buffer, signature: string) =>
        webhookAction({
          request: new Request(`${BASE}/api/payments/webhook`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: new Uint8Array(body),
          }),
          context: rc.context,
          params: {},
        } as never) as Promise<{ init?: { status?: number }; data: unknown }>;
      const routePort = billingPort(rc.context.env) as TestBillingPort;
      const refused = await post(
        unknown.body,
        routePort.signedEvent("invoice.paid", JSON.parse(unknown.body.toString()).data.object).signature,
      );
      // The signature above is over another body (another event id): refused as forged.
      expect(refused.init?.status).toBe(400);
      const again = routePort.signedEvent("invoice.paid", JSON.parse(unknown.body.toString()).data.object);
      expect((await post(again.body, again.signature)).init?.status).toBe(409);
      const known = routePort.signedEvent(
        "invoice.paid",
        invoiceFor(new Date("2026-06-01T00:00:00Z"), "paid"),
      );
      const ok = await post(known.body, known.signature);
      expect(ok.data).toEqual({ received: true, duplicate: false });
      expect((await post(known.body, known.signature)).data).toEqual({ received: true, duplicate: true });
    });
  });
});
