import type { IncomingMessage, ServerResponse } from "node:http";
import { randomId, readBody, sendJson } from "./shared";

/**
 * The fake Stripe's saved cards and refunds (ADR 0038), mounted by `stripe.ts` beside the Billing
 * half (stripe-billing.ts, which owns `POST /v1/customers`): `GET /v1/customers/{id}/payment_methods`,
 * `GET /v1/payment_methods/{id}`, `POST /v1/payment_methods/{id}/detach`,
 * `GET /v1/checkout/sessions?payment_intent=` (which session a charge paid), and the Charge
 * objects a refund changes (`charge.refunded` carries one; `amount_refunded` is cumulative).
 */
export interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  created: number;
}

export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: "jpy";
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
}

interface SessionLike {
  id: string;
  payment_intent: string | null;
  amount_total: number;
}

export function createFakeStripeCards(options: {
  now: () => number;
  sessions: Map<string, SessionLike>;
  /** The customers the Billing half keeps (`POST /v1/customers` is its). */
  customers: Map<string, unknown>;
  error(
    res: ServerResponse,
    status: number,
    type: string,
    message: string,
    extra?: Record<string, string>,
  ): void;
}) {
  const customers = options.customers;
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const charges = new Map<string, FakeCharge>();
  const missing = (res: ServerResponse, what: string, id: string) =>
    options.error(res, 404, "invalid_request_error", `No such ${what}: '${id}'`, {
      code: "resource_missing",
    });

  const state = {
    paymentMethods,
    charges,
    /** The payer ticked "save": the card is attached to the session's customer. */
    attachCard(customerId: string, card: { brand?: string; last4?: string } = {}): FakePaymentMethod {
      const method: FakePaymentMethod = {
        id: randomId("pm_", 12),
        object: "payment_method",
        type: "card",
        customer: customerId,
        card: {
          brand: card.brand ?? "visa",
          last4: card.last4 ?? "4242",
          exp_month: 12,
          exp_year: new Date(options.now() * 1000).getUTCFullYear() + 3,
        },
        created: options.now(),
      };
      paymentMethods.set(method.id, method);
      return method;
    },
    /** The charge of a paid session (made on first use), as Stripe keeps it. */
    chargeOf(session: SessionLike): FakeCharge {
      if (!session.payment_intent) throw new Error(`session ${session.id} is not paid`);
      const known = [...charges.values()].find((c) => c.payment_intent === session.payment_intent);
      if (known) return known;
      const charge: FakeCharge = {
        id: randomId("ch_", 12),
        object: "charge",
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: "jpy",
        payment_intent: session.payment_intent,
        metadata: {},
        created: options.now(),
      };
      charges.set(charge.id, charge);
      return charge;
    },
    /** The operator refunds `amount` yen of the session's charge (in the dashboard). */
    refund(session: SessionLike, amount: number): FakeCharge {
      const charge = state.chargeOf(session);
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amount);
      charge.refunded = charge.amount_refunded === charge.amount;
      return structuredClone(charge);
    },
    /** Answers the request when it is one of this module's; false otherwise. */
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const method = req.method ?? "GET";
      const list = url.pathname.match(/^\/v1\/customers\/([\w-]+)\/payment_methods$/);
      if (method === "GET" && list) {
        if (!customers.has(list[1]!)) {
          missing(res, "customer", list[1]!);
          return true;
        }
        const type = url.searchParams.get("type");
        const data = [...paymentMethods.values()]
          .filter((m) => m.customer === list[1] && (!type || m.type === type))
          .sort((a, b) => b.created - a.created);
        sendJson(res, 200, { object: "list", data, has_more: false, url: url.pathname });
        return true;
      }
      const one = url.pathname.match(/^\/v1\/payment_methods\/([\w-]+)(\/detach)?$/);
      if (one) {
        const found = paymentMethods.get(one[1]!);
        if (!found) {
          missing(res, "payment_method", one[1]!);
          return true;
        }
        if (method === "GET" && !one[2]) {
          sendJson(res, 200, found);
          return true;
        }
        if (method === "POST" && one[2]) {
          await readBody(req);
          if (!found.customer) {
            options.error(
              res,
              400,
              "invalid_request_error",
              "The payment method is not attached to a customer",
            );
            return true;
          }
          found.customer = null;
          sendJson(res, 200, found);
          return true;
        }
      }
      if (method === "GET" && url.pathname === "/v1/checkout/sessions") {
        const intent = url.searchParams.get("payment_intent");
        const data = [...options.sessions.values()].filter((s) => !intent || s.payment_intent === intent);
        sendJson(res, 200, { object: "list", data, has_more: false, url: url.pathname });
        return true;
      }
      return false;
    },
  };
  return state;
}
