/**
 * Store plans on Stripe Billing (ADR 0037): the official `stripe` client against the project's
 * fake Stripe (scripts/fakes/stripe.ts + stripe-billing.ts), webhooks delivered over HTTP with the
 * documented signature. A customer per store, Checkout in subscription mode (card only, monthly
 * JPY), events applied in any order and once, `new_plan_id` sent as a price change without
 * proration and applied when its invoice is paid, a declined renewal and its payment, cancellation
 * at the period end.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { livers, storeBilling, storeInvoices } from "~/.server/db/schema";
import type { Mailer } from "~/.server/integrations/mail/mailer";
import type { BillingPort } from "~/.server/integrations/payments/billing-port";
import { createStripeBilling } from "~/.server/integrations/payments/stripe-billing";
import { setPlanCancellation } from "~/.server/services/billing/cancel-plan-subscription";
import { receiveBillingWebhook } from "~/.server/services/billing/receive-billing-webhook";
import { renewStorePlans } from "~/.server/services/billing/renew-store-plans";
import { startPlanSubscription } from "~/.server/services/billing/start-plan-subscription";
import { changePlan } from "~/.server/services/stores/change-plan";
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from "../../scripts/fakes/stripe";
import type { FakeBillingEvent } from "../../scripts/fakes/stripe-billing";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver } from "../support/factories";
import { confirmedPlanTerms } from "../support/final-confirmation";
import { routeContext } from "../support/routes";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const FAKE_PORT = 3900;
const RECEIVER_PORT = 3901;
const BASE = "http://localhost:3999";

describe.each(drivers)("Stripe Billing against the fake on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let fake: FakeStripe;
  let port: BillingPort;
  let receiver: WebhookReceiver;
  let mailer: Mailer;
  let store: Viewer;
  let subscriptionId = "";
  const offset = driver === "pg" ? 2 : 0;

  const deliver = async (events: FakeBillingEvent[]) => {
    const statuses: number[] = [];
    for (const e of events) statuses.push((await fake.deliver(e as unknown as FakeStripeEvent)).status);
    return statuses;
  };
  const billingRow = async () =>
    (await db().select().from(storeBilling).where(eq(storeBilling.liver_id, store.uid)))[0]!;
  const invoiceRows = async () =>
    db()
      .select()
      .from(storeInvoices)
      .where(eq(storeInvoices.liver_id, store.uid))
      .orderBy(storeInvoices.created_at);

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "stripebill" });
    mailer = routeContext(db()).context.mailer;
    fake = await startFakeStripe({
      port: FAKE_PORT + offset,
      webhookUrl: `http://127.0.0.1:${RECEIVER_PORT + offset}/`,
    });
    port = createStripeBilling({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    });
    receiver = await startWebhookReceiver(RECEIVER_PORT + offset, (rawBody, signature) =>
      receiveBillingWebhook({ db: db(), port, mailer, baseUrl: BASE, rawBody, signature }),
    );
    store = await makeLiver(db(), {
      status: "public",
      plan_id: "standard",
      email: `stripe-${driver}@example.com`,
    });
  });
  afterAll(async () => {
    await receiver?.close();
    await fake?.close();
    await database?.close();
  });

  it("starts a subscription: one customer per store, Checkout in subscription mode, card only, monthly JPY", async () => {
    const confirmedTerms = await confirmedPlanTerms(db(), store);
    const started = await startPlanSubscription({
      db: db(),
      actor: store,
      port,
      input: { baseUrl: BASE, confirmedTerms },
    });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    const session = fake.sessions.get(started.url.split("/").at(-1)!)! as unknown as Record<string, unknown>;
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: store.uid,
      payment_method_types: ["card"],
      subscription_data: { metadata: { store_id: store.uid, plan_id: "standard" } },
      line_items_data: {
        price_data: { currency: "jpy", unit_amount: "29800", recurring: { interval: "month" } },
      },
    });
    const row = await billingRow();
    expect(row.customer_id).toMatch(/^cus_/);
    expect(fake.calls.find((c) => c.path === "/v1/customers")?.idempotencyKey).toBe(
      `store-customer-${store.uid}`,
    );

    // The events arrive backwards: the invoice first, the checkout last.
    const events = fake.billing.completeCheckout(session);
    expect(await deliver([...events].reverse())).toEqual([200, 200, 200]);
    expect(await deliver(events)).toEqual([200, 200, 200]); // again: duplicates, nothing twice
    const after = await billingRow();
    subscriptionId = after.subscription_id ?? "";
    expect(after).toMatchObject({
      status: "active",
      card_brand: "visa",
      card_last4: "4242",
      plan_id: "standard",
    });
    expect(subscriptionId).toMatch(/^sub_/);
    expect((await invoiceRows()).map((i) => [i.status, i.amount_jpy])).toEqual([["paid", 29800]]);
    expect((await invoiceRows())[0]?.hosted_url).toContain("invoice.stripe.com");
  });

  it("new_plan_id becomes the price from the next renewal (no proration) and the store's plan when that invoice is paid", async () => {
    await changePlan({ db: db(), actor: store, input: { new_plan_id: "premium" } });
    expect(await renewStorePlans({ db: db(), port, mailer, baseUrl: BASE })).toMatchObject({ scheduled: 1 });
    expect(await renewStorePlans({ db: db(), port, mailer, baseUrl: BASE })).toMatchObject({ scheduled: 0 });
    const sub = fake.billing.subscriptions.get(subscriptionId)!;
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    expect((item.price as Record<string, unknown>).unit_amount).toBe(59800);
    expect(sub).toMatchObject({ last_proration_behavior: "none", metadata: { plan_id: "premium" } });
    // Still the standard plan until the renewal.
    expect((await db().select().from(livers).where(eq(livers.uid, store.uid)))[0]?.plan_id).toBe("standard");
    expect(await deliver(fake.billing.renew(subscriptionId))).toEqual([200, 200]);
    const [s] = await db().select().from(livers).where(eq(livers.uid, store.uid));
    expect(s).toMatchObject({ plan_id: "premium", new_plan_id: null });
    expect((await invoiceRows()).at(-1)).toMatchObject({
      status: "paid",
      amount_jpy: 59800,
      plan_id: "premium",
    });
    expect((await billingRow()).scheduled_plan_id).toBeNull();
  });

  it("a declined renewal starts the grace once; paying the invoice ends it", async () => {
    fake.billing.setCard(subscriptionId, "0341");
    const events = fake.billing.renew(subscriptionId);
    expect(events.map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect(await deliver(events)).toEqual([200, 200]);
    const failed = await billingRow();
    expect(failed.status).toBe("past_due");
    expect(failed.grace_until).not.toBeNull();
    const invoiceId = String(events[0]!.data.object.id);
    expect(await deliver(fake.billing.payInvoice(invoiceId, "4242"))).toEqual([200, 200]);
    expect(await billingRow()).toMatchObject({ status: "active", grace_until: null, card_last4: "4242" });
    expect((await invoiceRows()).every((i) => i.status === "paid")).toBe(true);
  });

  it("forged and tampered events are refused", async () => {
    const [event] = fake.billing.renew(subscriptionId).slice(0, 1);
    for (const tamper of ["signature", "body", "stale", "missing"] as const)
      expect((await fake.deliver(event as unknown as FakeStripeEvent, { tamper })).status).toBe(400);
    expect((await fake.deliver(event as unknown as FakeStripeEvent, { secret: "whsec_other" })).status).toBe(
      400,
    );
    expect(await deliver([event!])).toEqual([200]);
  });

  it("cancels at the period end; the renewal then ends the subscription", async () => {
    expect(await setPlanCancellation({ db: db(), actor: store, port, input: { cancel: true } })).toEqual({
      ok: true,
    });
    expect(fake.billing.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await billingRow()).cancel_at_period_end).toBe(true);
    expect(await deliver(fake.billing.renew(subscriptionId))).toEqual([200]);
    expect((await billingRow()).status).toBe("canceled");
    expect(await setPlanCancellation({ db: db(), actor: store, port, input: { cancel: false } })).toEqual({
      ok: false,
      error: "no_subscription",
    });
  });
});
