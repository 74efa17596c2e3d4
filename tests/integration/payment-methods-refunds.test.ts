/**
 * Saved payment methods and refunds (ADR 0032, ADR 0038): listeners' customers at the provider
 * (the official `stripe` client against the project's fake Stripe, and the test provider's own
 * store), and `charge.refunded` taking a purchase's unspent coins back — once per event, in any
 * order with the completion event, the spent part recorded.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { coinOrders, coinRefunds, ledgerTransactions, listenerPaymentCustomers } from "~/.server/db/schema";
import type { Env } from "~/.server/env";
import { customerPort } from "~/.server/integrations/payments/listener-customers";
import type { PaymentPort } from "~/.server/integrations/payments/payment-port";
import { createStripePayments } from "~/.server/integrations/payments/stripe-payments";
import { createTestPayments } from "~/.server/integrations/payments/test-payments";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { coinBalance } from "~/.server/services/ledger/coin-lots";
import { listMoneyHistory } from "~/.server/services/ledger/list-money-history";
import { listRefundShortfalls } from "~/.server/services/ledger/list-refund-shortfalls";
import { reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { deletePaymentMethod } from "~/.server/services/payments/delete-payment-method";
import { listPaymentMethods } from "~/.server/services/payments/list-payment-methods";
import { payTestCheckout } from "~/.server/services/payments/pay-test-checkout";
import { receivePaymentWebhook } from "~/.server/services/payments/receive-payment-webhook";
import { refundTestCheckout } from "~/.server/services/payments/refund-test-checkout";
import { startCoinCheckout } from "~/.server/services/payments/start-coin-checkout";
import { type FakeStripe, startFakeStripe } from "../../scripts/fakes/stripe";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener } from "../support/factories";
import { confirmedCoinTerms } from "../support/final-confirmation";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const FAKE_PORT = 3920;
const RECEIVER_PORT = 3921;
const AUTH_SECRET = "a-local-auth-secret-of-32-characters!";

describe.each(drivers)("saved payment methods and refunds on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let fake: FakeStripe;
  let stripe: PaymentPort;
  let stripeEnv: Env;
  let receiver: WebhookReceiver;
  const offset = driver === "pg" ? 2 : 0;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "paymethods" });
    fake = await startFakeStripe({
      port: FAKE_PORT + offset,
      webhookUrl: `http://127.0.0.1:${RECEIVER_PORT + offset}/`,
    });
    const config = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url };
    stripe = createStripePayments(config);
    stripeEnv = { payments: { provider: "stripe", stripe: config } } as unknown as Env;
    receiver = await startWebhookReceiver(RECEIVER_PORT + offset, (rawBody, signature) =>
      receivePaymentWebhook({ db: db(), port: stripe, rawBody, signature }),
    );
  });
  afterAll(async () => {
    await receiver?.close();
    await fake?.close();
    await database?.close();
  });

  const checkout = async (listener: Viewer, packId = "coins-1000") => {
    const started = await startCoinCheckout({
      db: db(),
      actor: listener,
      port: stripe,
      customers: customerPort(stripeEnv, db()),
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
  const coins = async (listener: Viewer) => coinBalance(db(), listener.uid, new Date());
  const refundRows = async (orderId: string) =>
    db()
      .select()
      .from(coinRefunds)
      .where(eq(coinRefunds.order_id, orderId))
      .orderBy(coinRefunds.refunded_total_jpy);

  describe("saved cards at Stripe", () => {
    it("names one customer per listener in checkouts; a saved card is listed and deleted by its owner only", async () => {
      const listener = await makeListener(db());
      const other = await makeListener(db());
      const port = customerPort(stripeEnv, db());
      expect(await listPaymentMethods({ db: db(), actor: listener, port })).toEqual({ ok: true, cards: [] });

      const first = await checkout(listener);
      const session = fake.sessions.get(first.sessionId)!;
      expect(session.customer).toMatch(/^cus_/);
      fake.pay(first.sessionId, "card", { saveCard: true });
      await fake.deliver(fake.event("checkout.session.completed", first.sessionId));
      const second = await checkout(listener, "coins-500");
      expect(fake.sessions.get(second.sessionId)!.customer).toBe(session.customer);
      const customers = await db()
        .select()
        .from(listenerPaymentCustomers)
        .where(eq(listenerPaymentCustomers.listener_id, listener.uid));
      expect(customers).toEqual([
        expect.objectContaining({ provider: "stripe", customer_id: session.customer }),
      ]);
      expect(fake.calls.filter((c) => c.path === "/v1/customers")).toHaveLength(fake.billing.customers.size);

      const listed = await listPaymentMethods({ db: db(), actor: listener, port });
      if (!listed.ok) throw new Error("list failed");
      expect(listed.cards).toEqual([
        {
          id: expect.stringMatching(/^pm_/),
          brand: "visa",
          last4: "4242",
          expMonth: 12,
          expYear: expect.any(Number),
        },
      ]);
      const cardId = listed.cards[0]!.id;

      // Another listener (with a customer of her own) cannot delete it; a made-up id is not found.
      await checkout(other, "coins-500");
      expect(
        await deletePaymentMethod({ db: db(), actor: other, port, input: { payment_method_id: cardId } }),
      ).toEqual({ ok: false, error: "not_found" });
      expect(
        await deletePaymentMethod({
          db: db(),
          actor: listener,
          port,
          input: { payment_method_id: "pm_nothing" },
        }),
      ).toEqual({ ok: false, error: "not_found" });
      expect(
        await deletePaymentMethod({ db: db(), actor: listener, port, input: { payment_method_id: "../x" } }),
      ).toEqual({ ok: false, error: "not_found" });
      expect(
        await deletePaymentMethod({ db: db(), actor: listener, port, input: { payment_method_id: cardId } }),
      ).toEqual({ ok: true });
      expect(await listPaymentMethods({ db: db(), actor: listener, port })).toEqual({ ok: true, cards: [] });
      expect(fake.calls.some((c) => c.path === `/v1/payment_methods/${cardId}/detach`)).toBe(true);
    });

    it("says the list is unavailable when the provider does not answer", async () => {
      const listener = await makeListener(db());
      await checkout(listener, "coins-500");
      const broken = customerPort(
        {
          payments: {
            provider: "stripe",
            stripe: { secretKey: "sk_wrong", webhookSecret: "x", apiBase: fake.url },
          },
        } as unknown as Env,
        db(),
      );
      expect(await listPaymentMethods({ db: db(), actor: listener, port: broken })).toEqual({
        ok: false,
        error: "unavailable",
      });
    });
  });

  describe("saved cards at the test provider", () => {
    it("the テスト決済 page saves a test card in the provider's own store; listed and deleted", async () => {
      const test = createTestPayments(AUTH_SECRET);
      const env = { payments: { provider: "test" } } as unknown as Env;
      const port = customerPort(env, db());
      const listener = await makeListener(db());
      const started = await startCoinCheckout({
        db: db(),
        actor: listener,
        port: test,
        customers: port,
        input: {
          packId: "coins-500",
          confirmedTerms: await confirmedCoinTerms(db(), listener, "coins-500"),
          baseUrl: "",
        },
      });
      if (!started.ok) throw new Error("checkout failed");
      const sessionId = started.url.split("/").at(-1)!;
      await payTestCheckout({
        db: db(),
        actor: listener,
        port: test,
        customers: port,
        input: { sessionId, method: "card", saveCard: "jcb" },
      });
      expect((await coins(listener)).total).toBe(500);
      const listed = await listPaymentMethods({ db: db(), actor: listener, port });
      if (!listed.ok) throw new Error("list failed");
      expect(listed.cards).toEqual([expect.objectContaining({ brand: "jcb", last4: "0000", expMonth: 12 })]);
      const stranger = await makeListener(db());
      const id = listed.cards[0]!.id;
      expect(
        await deletePaymentMethod({ db: db(), actor: stranger, port, input: { payment_method_id: id } }),
      ).toEqual({ ok: false, error: "not_found" });
      expect(
        await deletePaymentMethod({ db: db(), actor: listener, port, input: { payment_method_id: id } }),
      ).toEqual({ ok: true });
      expect(await listPaymentMethods({ db: db(), actor: listener, port })).toEqual({ ok: true, cards: [] });
    });
  });

  describe("charge.refunded", () => {
    it("a full refund takes back the unspent coins once, however often it is delivered", async () => {
      const listener = await makeListener(db());
      const { sessionId, orderId } = await checkout(listener); // 1,000 + 20 bonus for ¥1,000
      fake.pay(sessionId, "card");
      await fake.deliver(fake.event("checkout.session.completed", sessionId));
      expect((await coins(listener)).total).toBe(1020);
      const refund = fake.refundEvent(sessionId, 1000);
      const answers = await Promise.all([fake.deliver(refund), fake.deliver(refund), fake.deliver(refund)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect((await coins(listener)).total).toBe(0);
      expect(await refundRows(orderId)).toEqual([
        expect.objectContaining({
          refunded_total_jpy: 1000,
          refund_jpy: 1000,
          paid_due: 1000,
          paid_taken: 1000,
          bonus_due: 20,
          bonus_taken: 20,
        }),
      ]);
      const booked = await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.kind, "coin_refund"));
      expect(booked.filter((t) => t.idempotency_key.startsWith(`coin-refund:${orderId}:`))).toHaveLength(1);
    });

    it("a refund before the completion event credits and takes back; the late completion adds nothing", async () => {
      const listener = await makeListener(db());
      const { sessionId, orderId } = await checkout(listener, "coins-500");
      fake.pay(sessionId, "card");
      const completed = fake.event("checkout.session.completed", sessionId);
      expect((await fake.deliver(fake.refundEvent(sessionId, 500))).status).toBe(200);
      expect((await coins(listener)).total).toBe(0);
      expect((await fake.deliver(completed)).status).toBe(200);
      expect((await coins(listener)).total).toBe(0);
      expect(await refundRows(orderId)).toHaveLength(1);
      const purchase = await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotency_key, `coin-order:${orderId}`));
      expect(purchase).toHaveLength(1);
    });

    it("partial refunds book their differences; a stale event after a newer one books nothing", async () => {
      const listener = await makeListener(db());
      const { sessionId, orderId } = await checkout(listener); // ¥1,000: 1,000 + 20
      fake.pay(sessionId, "card");
      await fake.deliver(fake.event("checkout.session.completed", sessionId));
      const first = fake.refundEvent(sessionId, 300); // 300 in all
      const second = fake.refundEvent(sessionId, 200); // 500 in all
      expect((await fake.deliver(second)).status).toBe(200);
      expect((await fake.deliver(first)).status).toBe(200); // older, smaller: nothing more
      expect((await coins(listener)).total).toBe(1020 - 500 - 10);
      expect((await fake.deliver(fake.refundEvent(sessionId, 500))).status).toBe(200); // 1,000 in all
      expect((await coins(listener)).total).toBe(0);
      expect(
        (await refundRows(orderId)).map((r) => [r.refunded_total_jpy, r.refund_jpy, r.paid_due, r.bonus_due]),
      ).toEqual([
        [500, 500, 500, 10],
        [1000, 500, 500, 10],
      ]);
    });

    it("concurrent refund events of one order book each yen once and end at the latest total", async () => {
      const listener = await makeListener(db());
      const { sessionId, orderId } = await checkout(listener); // ¥1,000: 1,000 + 20
      fake.pay(sessionId, "card");
      await fake.deliver(fake.event("checkout.session.completed", sessionId));
      const partial = fake.refundEvent(sessionId, 400); // 400 in all
      const full = fake.refundEvent(sessionId, 600); // 1,000 in all
      const answers = await Promise.all([partial, full, partial, full].map((event) => fake.deliver(event)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect((await coins(listener)).total).toBe(0);
      const rows = await refundRows(orderId);
      expect(rows.at(-1)?.refunded_total_jpy).toBe(1000);
      expect(rows.reduce((s, r) => s + r.refund_jpy, 0)).toBe(1000);
      expect(rows.reduce((s, r) => s + r.paid_due, 0)).toBe(1000);
      expect(rows.reduce((s, r) => s + r.bonus_due, 0)).toBe(20);
      expect(await reconcileLedger({ db: db() })).toMatchObject({ balances: [], unbalanced: [] });
    });

    it("what was already spent stays spent and is recorded as short", async () => {
      const listener = await makeListener(db());
      const { sessionId, orderId } = await checkout(listener, "coins-1000");
      fake.pay(sessionId, "card");
      await fake.deliver(fake.event("checkout.session.completed", sessionId));
      const bought = await buyItem({
        db: db(),
        actor: listener,
        input: { item_id: "cocktail", quantity: 2, idempotency_key: randomUUID() },
      });
      expect(bought.ok).toBe(true); // 600 paid coins spent
      await fake.deliver(fake.refundEvent(sessionId, 1000));
      expect((await coins(listener)).total).toBe(0);
      expect(await refundRows(orderId)).toEqual([
        expect.objectContaining({ paid_due: 1000, paid_taken: 400, bonus_due: 20, bonus_taken: 20 }),
      ]);
      expect(await listRefundShortfalls(db())).toContainEqual(
        expect.objectContaining({ orderId, listenerId: listener.uid, refundedJpy: 1000, coinsSpent: 600 }),
      );
      const history = await listMoneyHistory({
        db: db(),
        actor: listener,
        input: { kind: "coin_refund", now: new Date() },
      });
      expect(history?.rows).toEqual([
        expect.objectContaining({
          kind: "coin_refund",
          coins: -420,
          yen: -1000,
          description: "コイン購入の返金（使用済み・期限切れで取り消せなかったコイン 600）",
        }),
      ]);
    });

    it("a charge of no coin order is acknowledged and left alone; the test provider refunds through the same path", async () => {
      const stray = {
        ...fake.event("checkout.session.completed", [...fake.sessions.keys()][0]!),
        type: "charge.refunded",
        data: {
          object: {
            id: "ch_stray",
            object: "charge" as const,
            amount: 100,
            amount_refunded: 100,
            refunded: true,
            currency: "jpy" as const,
            payment_intent: "pi_not_ours",
            metadata: {},
            created: 0,
          },
        },
      };
      expect((await fake.deliver(stray)).status).toBe(200);

      const test = createTestPayments(AUTH_SECRET);
      const listener = await makeListener(db());
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
      const sessionId = started.url.split("/").at(-1)!;
      await payTestCheckout({ db: db(), actor: listener, port: test, input: { sessionId, method: "card" } });
      const input = { sessionId, amountJpy: 200 };
      expect(await refundTestCheckout({ db: db(), actor: listener, port: test, input })).toMatchObject({
        ok: true,
      });
      expect((await coins(listener)).total).toBe(300);
      const forged = createTestPayments("another-auth-secret-of-32-characters!").signedRefund({
        id: "ch_x",
        orderId: started.orderId,
        amount: 500,
        amountRefunded: 500,
      });
      expect(
        await receivePaymentWebhook({
          db: db(),
          port: test,
          rawBody: forged.body,
          signature: forged.signature,
        }),
      ).toEqual({ ok: false, error: "bad_signature" });
      expect((await coins(listener)).total).toBe(300);
      expect(await reconcileLedger({ db: db() })).toMatchObject({
        balances: [],
        unbalanced: [],
        storePoints: [],
      });
    });
  });
});
