/**
 * Coin purchases through the payment port (ADR 0032): the official `stripe`
 * client against the project's fake Stripe (scripts/fakes/stripe.ts), webhooks delivered over
 * HTTP with the documented signature to a receiver that hands the raw body to the service. Forged,
 * repeated and out-of-order events credit nothing twice and nothing unpaid; the test provider goes
 * through the same path with its local secret.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { coinOrders, ledgerTransactions } from "~/.server/db/schema";
import type { PaymentPort } from "~/.server/integrations/payments/payment-port";
import { createStripePayments } from "~/.server/integrations/payments/stripe-payments";
import { signStripePayload } from "~/.server/integrations/payments/stripe-signature";
import { createTestPayments, testWebhookSecret } from "~/.server/integrations/payments/test-payments";
import { coinBalance } from "~/.server/services/ledger/coin-lots";
import { receivePaymentWebhook } from "~/.server/services/payments/receive-payment-webhook";
import { startCoinCheckout } from "~/.server/services/payments/start-coin-checkout";
import { action as webhookAction } from "~/routes/api/payments-webhook";
import { type FakeStripe, startFakeStripe } from "../../scripts/fakes/stripe";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener } from "../support/factories";
import { confirmedCoinTerms } from "../support/final-confirmation";
import { routeContext } from "../support/routes";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const FAKE_PORT = 3632;
const RECEIVER_PORT = 3633;

describe.each(drivers)("payments on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let fake: FakeStripe;
  let stripe: PaymentPort;
  let receiver: WebhookReceiver;
  let listener: Viewer;
  const offset = driver === "pg" ? 2 : 0;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "payments" });
    fake = await startFakeStripe({
      port: FAKE_PORT + offset,
      webhookUrl: `http://127.0.0.1:${RECEIVER_PORT + offset}/`,
    });
    stripe = createStripePayments({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    });
    receiver = await startWebhookReceiver(RECEIVER_PORT + offset, (rawBody, signature) =>
      receivePaymentWebhook({ db: db(), port: stripe, rawBody, signature }),
    );
    listener = await makeListener(db());
  });
  afterAll(async () => {
    await receiver?.close();
    await fake?.close();
    await database?.close();
  });

  const checkout = async (packId = "coins-1000") => {
    const started = await startCoinCheckout({
      db: db(),
      actor: listener,
      port: stripe,
      input: {
        packId,
        confirmedTerms: await confirmedCoinTerms(db(), listener, packId),
        baseUrl: "http://localhost",
      },
    });
    if (!started.ok) throw new Error(`checkout failed: ${JSON.stringify(started)}`);
    const [order] = await db().select().from(coinOrders).where(eq(coinOrders.order_id, started.orderId));
    return { ...started, sessionId: order!.provider_session_id! };
  };
  const coins = async () => (await coinBalance(db(), listener.uid, new Date())).total;
  const status = async (orderId: string) =>
    (await db().select({ s: coinOrders.status }).from(coinOrders).where(eq(coinOrders.order_id, orderId)))[0]
      ?.s;

  it("opens a Checkout Session in JPY with card and konbini, keyed by the order", async () => {
    const { sessionId, url, orderId } = await checkout();
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      currency: "jpy",
      amount_total: 1000,
      payment_method_types: ["card", "konbini"],
      client_reference_id: orderId,
      metadata: { order_id: orderId },
    });
    expect(url).toBe(session.url);
    expect(fake.calls.at(-1)).toMatchObject({ method: "POST", idempotencyKey: `coin-order-${orderId}` });
    expect(await status(orderId)).toBe("pending");
  });

  it("credits a card payment once, whatever is repeated", async () => {
    const before = await coins();
    const { sessionId, orderId } = await checkout();
    fake.pay(sessionId, "card");
    const event = fake.event("checkout.session.completed", sessionId);
    expect((await fake.deliver(event)).status).toBe(200);
    expect(await coins()).toBe(before + 1020);
    // The same event again, the same event at once several times, and a second event of the type.
    const again = await Promise.all([fake.deliver(event), fake.deliver(event)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect((await fake.deliver(fake.event("checkout.session.completed", sessionId))).status).toBe(200);
    expect(await coins()).toBe(before + 1020);
    expect(await status(orderId)).toBe("paid");
  });

  it("refuses forged webhooks and credits nothing", async () => {
    const before = await coins();
    const { sessionId, orderId } = await checkout();
    fake.pay(sessionId, "card");
    const event = fake.event("checkout.session.completed", sessionId);
    for (const tamper of ["signature", "body", "stale", "missing"] as const)
      expect((await fake.deliver(event, { tamper })).status, tamper).toBe(400);
    expect((await fake.deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    expect(await coins()).toBe(before);
    expect(await status(orderId)).toBe("pending");
  });

  it("credits konbini only when paid, and a late failure does not undo it", async () => {
    const before = await coins();
    const { sessionId, orderId } = await checkout("coins-500");
    fake.pay(sessionId, "konbini");
    await fake.deliver(fake.event("checkout.session.completed", sessionId));
    expect(await coins()).toBe(before);
    expect(await status(orderId)).toBe("awaiting_payment");
    fake.settleKonbini(sessionId, "succeeded");
    await fake.deliver(fake.event("checkout.session.async_payment_succeeded", sessionId));
    expect(await coins()).toBe(before + 500);
    await fake.deliver(fake.event("checkout.session.async_payment_failed", sessionId));
    expect(await status(orderId)).toBe("paid");
    expect(await coins()).toBe(before + 500);
  });

  it("handles events in any order: succeeded before completed, completed before the order exists", async () => {
    const before = await coins();
    const { sessionId, orderId } = await checkout("coins-500");
    fake.pay(sessionId, "konbini");
    const completed = fake.event("checkout.session.completed", sessionId); // unpaid at that time
    fake.settleKonbini(sessionId, "succeeded");
    await fake.deliver(fake.event("checkout.session.async_payment_succeeded", sessionId));
    await fake.deliver(completed);
    expect(await status(orderId)).toBe("paid");
    expect(await coins()).toBe(before + 500);

    // An event for an order whose row is not there yet: 409 (not recorded), then handled on retry.
    const late = randomUUID();
    const session = fake.sessions.get(sessionId)!;
    fake.sessions.set(`cs_late_${late}`, {
      ...session,
      id: `cs_late_${late}`,
      metadata: { order_id: late },
      client_reference_id: late,
      payment_status: "paid",
    });
    const early = fake.event("checkout.session.completed", `cs_late_${late}`);
    expect((await fake.deliver(early)).status).toBe(409);
    await db()
      .insert(coinOrders)
      .values({
        order_id: late,
        listener_id: listener.uid,
        pack_id: "coins-500",
        coins: 500,
        bonus_coins: 0,
        price_jpy: 500,
        provider: "stripe",
        provider_session_id: `cs_late_${late}`,
      });
    expect((await fake.deliver(early)).status).toBe(200);
    expect(await coins()).toBe(before + 1000);
    const purchases = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotency_key, `coin-order:${late}`));
    expect(purchases).toHaveLength(1);
  });

  it("a paid session credits only the order it was opened for, whatever the metadata names", async () => {
    const before = await coins();
    const paid = await checkout("coins-1000");
    const victim = await checkout("coins-500");
    fake.pay(paid.sessionId, "card");
    // The paid session rewritten to name the other order: as delivered, and as re-read.
    const session = fake.sessions.get(paid.sessionId)!;
    fake.sessions.set(paid.sessionId, {
      ...session,
      metadata: { order_id: victim.orderId },
      client_reference_id: victim.orderId,
    });
    const event = fake.event("checkout.session.completed", paid.sessionId);
    expect((await fake.deliver(event)).status).toBe(400);
    expect(await status(victim.orderId)).toBe("pending");
    expect(await status(paid.orderId)).toBe("pending");
    expect(await coins()).toBe(before);
    // The session as the provider has it now names another order than the event did.
    fake.sessions.set(paid.sessionId, session);
    const honest = fake.event("checkout.session.completed", paid.sessionId);
    fake.sessions.set(paid.sessionId, { ...session, metadata: { order_id: victim.orderId } });
    expect((await fake.deliver(honest)).status).toBe(400);
    expect(await coins()).toBe(before);
    fake.sessions.set(paid.sessionId, session);
    expect((await fake.deliver(honest)).status).toBe(200);
    expect(await coins()).toBe(before + 1020);
    expect(await status(victim.orderId)).toBe("pending");
  });

  it("the route reads the raw bytes: a body signed as sent is credited, the same JSON re-serialised is not", async () => {
    const base = routeContext(db()).context;
    const context = {
      ...base,
      env: {
        ...base.env,
        payments: {
          provider: "stripe" as const,
          stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url },
        },
      },
    };
    const before = await coins();
    const { sessionId } = await checkout("coins-500");
    fake.pay(sessionId, "card");
    // Spaced JSON: the signature covers these exact bytes.
    const raw = JSON.stringify(fake.event("checkout.session.completed", sessionId), null, 2);
    const post = (body: string, signature: string) =>
      webhookAction({
        request: new Request("http://localhost:3999/api/payments/webhook", {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body,
        }),
        context,
        params: {},
      } as never) as Promise<{ init: ResponseInit | null }>;
    const resigned = JSON.stringify(JSON.parse(raw));
    expect((await post(resigned, signStripePayload(raw, fake.webhookSecret))).init?.status).toBe(400);
    expect(await coins()).toBe(before);
    expect((await post(raw, signStripePayload(raw, fake.webhookSecret))).init?.status ?? 200).toBe(200);
    expect(await coins()).toBe(before + 500);
  });

  it("keeps a same-origin way back through the checkout (return=) and refuses any other, ordering nothing", async () => {
    const test = createTestPayments("a-local-auth-secret-of-32-characters!");
    const livePath = "/listener/live/some-cast";
    const terms = await confirmedCoinTerms(db(), listener, "coins-500");
    const started = await startCoinCheckout({
      db: db(),
      actor: listener,
      port: test,
      input: { packId: "coins-500", confirmedTerms: terms, baseUrl: "", returnPath: livePath },
    });
    if (!started.ok) throw new Error("checkout failed");
    // The test checkout page carries the way back; after paying, the coin page offers it.
    expect(new URL(started.url, "http://x").searchParams.get("return")).toBe(livePath);
    const countOrders = async () => (await db().select().from(coinOrders)).length;
    const before = await countOrders();
    for (const returnPath of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(
        await startCoinCheckout({
          db: db(),
          actor: listener,
          port: test,
          input: { packId: "coins-500", confirmedTerms: terms, baseUrl: "", returnPath },
        }),
      ).toEqual({ ok: false, error: "invalid_return" });
    }
    expect(await countOrders()).toBe(before);
  });

  it("the test provider completes through the same signed path, with its own local secret", async () => {
    const test = createTestPayments("a-local-auth-secret-of-32-characters!");
    const other = createTestPayments("another-auth-secret-of-32-characters!");
    const before = await coins();
    const started = await startCoinCheckout({
      db: db(),
      actor: listener,
      port: test,
      input: {
        packId: "coins-500",
        confirmedTerms: await confirmedCoinTerms(db(), listener, "coins-500"),
        baseUrl: "",
      },
    });
    if (!started.ok) throw new Error("checkout failed");
    expect(started.url).toMatch(/^\/listener\/coin\/test-checkout\/cs_test_local_/);
    const [order] = await db().select().from(coinOrders).where(eq(coinOrders.order_id, started.orderId));
    const session = {
      id: order!.provider_session_id!,
      orderId: started.orderId,
      status: "complete",
      paymentStatus: "paid",
    } as const;
    const forged = other.signedEvent("checkout.session.completed", session);
    expect(
      await receivePaymentWebhook({
        db: db(),
        port: test,
        rawBody: forged.body,
        signature: forged.signature,
      }),
    ).toEqual({ ok: false, error: "bad_signature" });
    const real = test.signedEvent("checkout.session.completed", session);
    expect(
      await receivePaymentWebhook({ db: db(), port: test, rawBody: real.body, signature: real.signature }),
    ).toMatchObject({ ok: true });
    expect(await coins()).toBe(before + 500);
  });

  it("the test provider refuses a session of another order, and a signed body that is not JSON", async () => {
    const test = createTestPayments("a-local-auth-secret-of-32-characters!");
    const before = await coins();
    const open = async () => {
      const started = await startCoinCheckout({
        db: db(),
        actor: listener,
        port: test,
        input: {
          packId: "coins-500",
          confirmedTerms: await confirmedCoinTerms(db(), listener, "coins-500"),
          baseUrl: "",
        },
      });
      if (!started.ok) throw new Error("checkout failed");
      const [order] = await db().select().from(coinOrders).where(eq(coinOrders.order_id, started.orderId));
      return { orderId: started.orderId, sessionId: order!.provider_session_id! };
    };
    const mine = await open();
    const other = await open();
    const crossed = test.signedEvent("checkout.session.completed", {
      id: mine.sessionId,
      orderId: other.orderId,
      status: "complete",
      paymentStatus: "paid",
    });
    expect(
      await receivePaymentWebhook({
        db: db(),
        port: test,
        rawBody: crossed.body,
        signature: crossed.signature,
      }),
    ).toEqual({ ok: false, error: "order_mismatch" });
    expect(await status(other.orderId)).toBe("pending");
    expect(await coins()).toBe(before);

    // A validly signed body that is no JSON: a 400 through the route, not a 500.
    const base = routeContext(db()).context;
    const secret = testWebhookSecret(base.env.authSecret);
    const body = "this is not json";
    const answer = (await webhookAction({
      request: new Request("http://localhost:3999/api/payments/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signStripePayload(body, secret) },
        body,
      }),
      context: { ...base, env: { ...base.env, payments: { provider: "test" as const } } },
      params: {},
    } as never)) as { init: ResponseInit | null; data: unknown };
    expect(answer.init?.status).toBe(400);
  });
});
