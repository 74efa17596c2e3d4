import type { IncomingMessage, ServerResponse } from "node:http";
import { randomId, readBody, sendJson } from "./shared";

/**
 * The Billing half of the fake Stripe (ADR 0037, ADR 0032), mounted by `stripe.ts`:
 * `POST /v1/customers`, `GET /v1/customers/{id}`, Checkout Sessions in `subscription` mode, `GET`
 * and `POST /v1/subscriptions/{id}` (`cancel_at_period_end`, an item's `price_data` with
 * `proration_behavior=none`, `metadata`; `expand[]=default_payment_method`), `GET
 * /v1/invoices/{id}`; and the provider's side for tests and people: completing a subscription
 * checkout, renewing a subscription (paid or declined by its card), paying an open invoice — each
 * returning the events Stripe sends (`checkout.session.completed`, `customer.subscription.*`,
 * `invoice.paid`, `invoice.payment_failed`), for `stripe.ts` to sign and deliver. Invoices carry
 * `subscription_details.metadata`, the subscription's metadata when the invoice was made.
 */
type Json = Record<string, unknown>;

export interface FakeBillingEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Json };
}

/** Stripe's test cards: 4242 pays; 0341 is saved and pays the first invoice, then declines. */
export type FakeBillingCard = "4242" | "0341";

export interface FakeStripeBilling {
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** A Checkout Session in subscription mode from the parsed form (the caller stores it). */
  createSubscriptionSession(form: Json, base: Json): Json | { error: Json };
  /** The store enters a card on the checkout page: subscription, first invoice, events. */
  completeCheckout(session: Json, card?: FakeBillingCard): FakeBillingEvent[];
  /** The period is over: the next invoice at the subscription's current price, paid or declined. */
  renew(subscriptionId: string): FakeBillingEvent[];
  /** The card on file of a subscription (0341 declines its renewals). */
  setCard(subscriptionId: string, card: FakeBillingCard): void;
  /** An open invoice is paid (after the card was changed to `card`). */
  payInvoice(invoiceId: string, card?: FakeBillingCard): FakeBillingEvent[];
  handle(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<boolean>;
}

function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(d.getUTCDate(), last));
  next.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  return Math.floor(next.getTime() / 1000);
}

export function createFakeStripeBilling({
  now,
  parseForm,
  error,
}: {
  now: () => number;
  parseForm: (body: string) => Json;
  error: (
    res: ServerResponse,
    status: number,
    type: string,
    message: string,
    extra?: Record<string, string>,
  ) => void;
}): FakeStripeBilling {
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const cards = new Map<string, FakeBillingCard>(); // subscription → card
  const customerKeys = new Map<string, string>(); // Idempotency-Key → customer id

  const event = (type: string, object: Json): FakeBillingEvent => ({
    id: randomId("evt_", 16),
    object: "event",
    type,
    created: now(),
    data: { object: structuredClone(object) },
  });
  const itemOf = (sub: Json) => ((sub.items as { data: Json[] }).data[0] ?? {}) as Json;
  const paymentMethod = (card: FakeBillingCard) => ({
    id: `pm_card_${card}`,
    object: "payment_method",
    type: "card",
    card: { brand: "visa", last4: card, exp_month: 12, exp_year: 2030 },
  });

  function makeInvoice(sub: Json, start: number, reason: string): Json {
    const item = itemOf(sub);
    const price = item.price as Json;
    const id = randomId("in_", 14);
    const invoice: Json = {
      id,
      object: "invoice",
      customer: sub.customer,
      subscription: sub.id,
      billing_reason: reason,
      number: `FAKE-${String(invoices.size + 1).padStart(4, "0")}`,
      status: "open",
      currency: "jpy",
      amount_due: price.unit_amount,
      amount_paid: 0,
      hosted_invoice_url: `https://invoice.stripe.com/i/fake/${id}`,
      subscription_details: { metadata: structuredClone(sub.metadata) },
      lines: { data: [{ price: structuredClone(price), period: { start, end: addMonth(start) } }] },
      created: now(),
    };
    invoices.set(id, invoice);
    return invoice;
  }

  function charge(invoice: Json, card: FakeBillingCard, first: boolean): boolean {
    const paid = card === "4242" || first;
    if (paid) {
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.payment_method_details = { card: { brand: "visa", last4: card } };
    }
    return paid;
  }

  const billing: FakeStripeBilling = {
    customers,
    subscriptions,
    invoices,
    createSubscriptionSession(form, base) {
      const items = (form.line_items ?? []) as { price_data?: Json }[];
      const priceData = items[0]?.price_data as
        | { currency?: string; unit_amount?: string; recurring?: { interval?: string }; product_data?: Json }
        | undefined;
      if (!priceData?.recurring?.interval)
        return {
          error: {
            type: "invalid_request_error",
            code: "parameter_missing",
            message: "Missing required param: line_items[0][price_data][recurring].",
            param: "line_items[0][price_data][recurring]",
          },
        };
      const methods = (form.payment_method_types as string[] | undefined) ?? ["card"];
      if (methods.includes("konbini"))
        return {
          error: {
            type: "invalid_request_error",
            message: "The payment method `konbini` cannot be used in subscription mode.",
            param: "payment_method_types",
          },
        };
      return {
        ...base,
        mode: "subscription",
        customer: (form.customer as string | undefined) ?? null,
        subscription: null,
        subscription_data: form.subscription_data ?? {},
        line_items_data: { price_data: priceData },
        payment_method_types: methods,
      };
    },
    completeCheckout(session, card = "4242") {
      const priceData = (session.line_items_data as { price_data: Json }).price_data as {
        unit_amount: string;
        product_data?: Json;
      };
      let customer = session.customer as string | null;
      if (!customer) {
        customer = randomId("cus_", 12);
        customers.set(customer, { id: customer, object: "customer", email: null, metadata: {} });
      }
      const start = now();
      const sub: Json = {
        id: randomId("sub_", 14),
        object: "subscription",
        customer,
        status: "active",
        cancel_at_period_end: false,
        default_payment_method: `pm_card_${card}`,
        metadata: structuredClone(((session.subscription_data as Json).metadata as Json | undefined) ?? {}),
        items: {
          data: [
            {
              id: randomId("si_", 12),
              price: {
                id: randomId("price_", 12),
                product: randomId("prod_", 12),
                unit_amount: Number(priceData.unit_amount),
                currency: "jpy",
                recurring: { interval: "month" },
              },
              current_period_start: start,
              current_period_end: addMonth(start),
            },
          ],
        },
        created: start,
      };
      subscriptions.set(String(sub.id), sub);
      cards.set(String(sub.id), card);
      const invoice = makeInvoice(sub, start, "subscription_create");
      charge(invoice, card, true);
      session.status = "complete";
      session.payment_status = "paid";
      session.customer = customer;
      session.subscription = sub.id;
      return [
        event("checkout.session.completed", session),
        event("customer.subscription.created", sub),
        event("invoice.paid", invoice),
      ];
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const item = itemOf(sub);
      const start = Number(item.current_period_end);
      if (sub.cancel_at_period_end) {
        sub.status = "canceled";
        return [event("customer.subscription.deleted", sub)];
      }
      const invoice = makeInvoice(sub, start, "subscription_cycle");
      const paid = charge(invoice, cards.get(subscriptionId) ?? "4242", false);
      item.current_period_start = start;
      item.current_period_end = addMonth(start);
      sub.status = paid ? "active" : "past_due";
      return [
        event(paid ? "invoice.paid" : "invoice.payment_failed", invoice),
        event("customer.subscription.updated", sub),
      ];
    },
    setCard(subscriptionId, card) {
      cards.set(subscriptionId, card);
    },
    payInvoice(invoiceId, card = "4242") {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const sub = subscriptions.get(String(invoice.subscription));
      if (sub) {
        cards.set(String(sub.id), card);
        sub.default_payment_method = `pm_card_${card}`;
      }
      if (!charge(invoice, card, false)) return [event("invoice.payment_failed", invoice)];
      const events = [event("invoice.paid", invoice)];
      if (sub && sub.status === "past_due") {
        sub.status = "active";
        events.push(event("customer.subscription.updated", sub));
      }
      return events;
    },
    async handle(req, res, url, method) {
      const path = url.pathname;
      if (method === "POST" && path === "/v1/customers") {
        const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
        const form = parseForm(await readBody(req));
        const known = key ? customerKeys.get(key) : undefined;
        if (known) {
          sendJson(res, 200, customers.get(known), { "idempotent-replayed": "true" });
          return true;
        }
        const id = randomId("cus_", 12);
        const customer = { id, object: "customer", email: form.email ?? null, metadata: form.metadata ?? {} };
        customers.set(id, customer);
        if (key) customerKeys.set(key, id);
        sendJson(res, 200, customer);
        return true;
      }
      const one = path.match(/^\/v1\/(customers|subscriptions|invoices)\/([\w-]+)$/);
      if (!one) return false;
      const [, kind, id] = one;
      const store = kind === "customers" ? customers : kind === "subscriptions" ? subscriptions : invoices;
      const found = store.get(id!);
      if (!found) {
        error(res, 404, "invalid_request_error", `No such ${kind!.slice(0, -1)}: '${id}'`, {
          code: "resource_missing",
        });
        return true;
      }
      if (method === "POST" && kind === "subscriptions") {
        const form = parseForm(await readBody(req)) as {
          cancel_at_period_end?: string;
          metadata?: Json;
          proration_behavior?: string;
          items?: {
            id?: string;
            price_data?: { unit_amount?: string; product?: string; recurring?: Json };
          }[];
        };
        if (form.cancel_at_period_end !== undefined)
          found.cancel_at_period_end = form.cancel_at_period_end === "true";
        if (form.metadata) found.metadata = { ...(found.metadata as Json), ...form.metadata };
        const change = form.items?.[0];
        if (change) {
          const item = itemOf(found);
          if (change.id !== item.id || !change.price_data?.product || !change.price_data.recurring) {
            error(res, 400, "invalid_request_error", "Invalid subscription item", { param: "items" });
            return true;
          }
          item.price = {
            id: randomId("price_", 12),
            product: change.price_data.product,
            unit_amount: Number(change.price_data.unit_amount),
            currency: "jpy",
            recurring: { interval: "month" },
          };
          found.last_proration_behavior = form.proration_behavior ?? "create_prorations";
        }
        sendJson(res, 200, found);
        return true;
      }
      if (method !== "GET") return false;
      const expand = url.searchParams.getAll("expand[]").concat(url.searchParams.getAll("expand[0]"));
      if (kind === "subscriptions" && expand.includes("default_payment_method")) {
        const card = cards.get(id!) ?? "4242";
        sendJson(res, 200, { ...found, default_payment_method: paymentMethod(card) });
        return true;
      }
      sendJson(res, 200, found);
      return true;
    },
  };
  return billing;
}
