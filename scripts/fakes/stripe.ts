import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { signStripePayload } from "../../app/.server/integrations/payments/stripe-signature";
import {
  escapeHtml,
  type FakeOptions,
  listen,
  randomId,
  readBody,
  redirect,
  sendJson,
  sendText,
} from "./shared";
import { createFakeStripeBilling, type FakeStripeBilling } from "./stripe-billing";
import { createFakeStripeCards, type FakeCharge } from "./stripe-cards";

/**
 * A fake Stripe (ADR 0023's pattern, ADR 0032) speaking the documented parts we use
 * (ADR 0032): `POST /v1/checkout/sessions` (form-encoded with bracket notation, Bearer
 * secret key, `Idempotency-Key` replayed — the same key with other parameters is an
 * `idempotency_error`), `GET /v1/checkout/sessions/{id}`, Stripe's error envelope; and the payer's
 * side: paying by card or konbini and sending the webhooks Stripe sends, signed with the documented
 * `Stripe-Signature` scheme. Tests drive it through the methods below; a person through the page
 * at the session's `url`.
 */
export interface FakeStripeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  /** The customer named at creation (ADR 0038), whose card the payer may save. */
  customer: string | null;
  expires_at: number;
  created: number;
}

export interface FakeStripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: FakeStripeSession | FakeCharge };
}

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  env: Record<string, string>;
  sessions: Map<string, FakeStripeSession>;
  /** Customers, subscriptions and invoices (store plans, ADR 0037): scripts/fakes/stripe-billing.ts. */
  billing: FakeStripeBilling;
  /** Every API call: method, path, the Idempotency-Key sent. */
  calls: { method: string; path: string; idempotencyKey: string | null }[];
  /** Where webhooks go (the app's `/api/payments/webhook`). */
  webhookUrl: string | undefined;
  /** The payer pays: card → complete + paid; konbini → complete + unpaid (a voucher). */
  pay(sessionId: string, method: "card" | "konbini", options?: { saveCard?: boolean }): FakeStripeSession;
  /** Saved cards of customers and the charges refunds change (stripe-cards.ts, ADR 0038). */
  cards: ReturnType<typeof createFakeStripeCards>;
  /** The operator refunds `amount` yen of a paid session: the `charge.refunded` event to deliver. */
  refundEvent(sessionId: string, amount: number): FakeStripeEvent;
  /** The konbini voucher is paid (or expires unpaid). */
  settleKonbini(sessionId: string, outcome: "succeeded" | "failed"): FakeStripeSession;
  /** Builds an event for the session as it is now. */
  event(type: string, sessionId: string): FakeStripeEvent;
  /** Posts an event to `webhookUrl`, signed (or badly signed, on purpose). */
  deliver(
    event: FakeStripeEvent,
    options?: { tamper?: "signature" | "body" | "stale" | "missing"; secret?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` pairs → nested objects and arrays (Stripe's form encoding). */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = Array.isArray(node) ? Number(part) : part;
      const holder = node as Record<string | number, unknown>;
      if (last) holder[slot] = value;
      else {
        holder[slot] ??= nextIsIndex ? [] : {};
        node = holder[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function stripeError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: Record<string, string> = {},
) {
  sendJson(res, status, { error: { type, message, ...extra } }, { "request-id": randomId("req_", 8) });
}

export async function startFakeStripe(
  options: FakeOptions & { secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? "sk_test_fake_yorunavi";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_yorunavi";
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const sessions = new Map<string, FakeStripeSession>();
  const idempotent = new Map<string, { digest: string; status: number; body: unknown }>();
  const calls: FakeStripe["calls"] = [];
  let baseUrl = "";
  const billing = createFakeStripeBilling({ now, parseForm: parseStripeForm, error: stripeError });

  const fake: FakeStripe = {
    url: "",
    port: 0,
    secretKey,
    webhookSecret,
    env: {},
    sessions,
    billing,
    calls,
    webhookUrl: options.webhookUrl,
    pay(sessionId, method, payOptions = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = method === "card" ? "paid" : "unpaid";
      session.payment_intent = randomId("pi_", 12);
      if (method === "card" && payOptions.saveCard && session.customer)
        fake.cards.attachCard(session.customer);
      return session;
    },
    cards: createFakeStripeCards({
      now,
      sessions,
      customers: billing.customers,
      error: (res, status, type, message, extra) => stripeError(res, status, type, message, extra),
    }),
    refundEvent(sessionId, amount) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return {
        id: randomId("evt_", 16),
        object: "event",
        type: "charge.refunded",
        created: now(),
        data: { object: fake.cards.refund(session, amount) },
      };
    },
    settleKonbini(sessionId, outcome) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (outcome === "succeeded") session.payment_status = "paid";
      return session;
    },
    event(type, sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return {
        id: randomId("evt_", 16),
        object: "event",
        type,
        created: now(),
        data: { object: structuredClone(session) },
      };
    },
    async deliver(event, deliverOptions = {}) {
      if (!fake.webhookUrl) throw new Error("fake Stripe has no webhookUrl");
      const body = Buffer.from(JSON.stringify(event));
      const at = deliverOptions.tamper === "stale" ? now() - 3600 : now();
      let signature = signStripePayload(body, deliverOptions.secret ?? webhookSecret, at);
      if (deliverOptions.tamper === "signature")
        signature = signature.replace(/v1=(.)/, (_, c) => `v1=${c === "0" ? "1" : "0"}`);
      const sent =
        deliverOptions.tamper === "body"
          ? Buffer.from(JSON.stringify({ ...event, type: `${event.type} ` }))
          : body;
      const headers: Record<string, string> = {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      };
      if (deliverOptions.tamper !== "missing") headers["stripe-signature"] = signature;
      return fetch(fake.webhookUrl, { method: "POST", headers, body: sent });
    },
    close: async () => {},
  };

  const server = await listen(
    async (req, res, url) => {
      const method = req.method ?? "GET";
      // The payer's page (what `session.url` opens), for people driving `npm run dev` by hand.
      const page = url.pathname.match(/^\/c\/pay\/([\w-]+)$/);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return sendText(res, 404, "text/plain", "no such session");
        if (method === "POST") {
          const posted = new URLSearchParams(await readBody(req));
          const choice = posted.get("method");
          if (session.mode === "subscription") {
            const card = choice === "0341" ? "0341" : "4242";
            for (const e of billing.completeCheckout(session as unknown as Record<string, unknown>, card))
              if (fake.webhookUrl) await fake.deliver(e as unknown as FakeStripeEvent);
            return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
          }
          fake.pay(session.id, choice === "konbini" ? "konbini" : "card", {
            saveCard: posted.get("save_card") === "on",
          });
          if (fake.webhookUrl) await fake.deliver(fake.event("checkout.session.completed", session.id));
          if (choice === "konbini" && fake.webhookUrl) {
            fake.settleKonbini(session.id, "succeeded");
            await fake.deliver(fake.event("checkout.session.async_payment_succeeded", session.id));
          }
          return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
        }
        return sendText(
          res,
          200,
          "text/html",
          `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>Stripe Checkout (fake)</title></head><body>
<h1>Stripe Checkout（開発用の偽サーバー）</h1><p>¥${session.amount_total.toLocaleString("ja-JP")}</p>
<form method="post">${session.customer && session.mode === "payment" ? '<label><input type="checkbox" name="save_card"> このカードを保存する</label><br>' : ""}<button name="method" value="card">カードで支払う</button> <button name="method" value="konbini">コンビニで支払う（すぐ入金）</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">戻る</a></p></body></html>`,
        );
      }
      if (!url.pathname.startsWith("/v1/"))
        return stripeError(res, 404, "invalid_request_error", "Unrecognized request URL");
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      calls.push({ method, path: url.pathname, idempotencyKey });
      const auth = req.headers.authorization ?? "";
      if (auth !== `Bearer ${secretKey}`)
        return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      if (await billing.handle(req, res, url, method)) return;
      if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const raw = await readBody(req);
        const digest = createHash("sha256").update(raw).digest("hex");
        if (idempotencyKey) {
          const prior = idempotent.get(idempotencyKey);
          if (prior && prior.digest !== digest)
            return stripeError(
              res,
              400,
              "idempotency_error",
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            );
          if (prior) return sendJson(res, prior.status, prior.body, { "idempotent-replayed": "true" });
        }
        const form = parseStripeForm(raw);
        const answer = createSession(form);
        if (idempotencyKey) idempotent.set(idempotencyKey, { digest, ...answer });
        return sendJson(res, answer.status, answer.body);
      }
      const one = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (method === "GET" && one) {
        const session = sessions.get(one[1]!);
        if (!session)
          return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${one[1]}'`, {
            code: "resource_missing",
            param: "session",
          });
        return sendJson(res, 200, session);
      }
      if (await fake.cards.handle(req, res, url)) return;
      return stripeError(
        res,
        404,
        "invalid_request_error",
        `Unrecognized request URL (${method}: ${url.pathname})`,
      );
    },
    (res, error) => stripeError(res, 500, "api_error", (error as Error).message),
    options,
  );

  function createSession(form: Record<string, unknown>): { status: number; body: unknown } {
    const missing = (param: string) => ({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: "parameter_missing",
          message: `Missing required param: ${param}.`,
          param,
        },
      },
    });
    if (form.mode === "subscription") {
      const id = randomId("cs_test_", 24);
      const made = billing.createSubscriptionSession(form, {
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        url: `${baseUrl}/c/pay/${id}`,
        amount_total: Number(
          (form.line_items as { price_data?: { unit_amount?: string } }[] | undefined)?.[0]?.price_data
            ?.unit_amount ?? 0,
        ),
        currency: "jpy",
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? "",
        payment_intent: null,
        expires_at: now() + 86_400,
        created: now(),
      });
      if ("error" in made) return { status: 400, body: made };
      sessions.set(id, made as unknown as FakeStripeSession);
      return { status: 200, body: made };
    }
    if (form.mode !== "payment") return missing("mode");
    if (typeof form.success_url !== "string") return missing("success_url");
    const items = (form.line_items ?? []) as {
      quantity?: string;
      price_data?: { currency?: string; unit_amount?: string };
    }[];
    const item = items[0];
    if (!item?.price_data?.unit_amount) return missing("line_items[0][price_data][unit_amount]");
    if (item.price_data.currency !== "jpy")
      return {
        status: 400,
        body: {
          error: { type: "invalid_request_error", message: "This fake only takes jpy", param: "currency" },
        },
      };
    const methods = (form.payment_method_types as string[] | undefined) ?? ["card"];
    const id = randomId("cs_test_", 24);
    const session: FakeStripeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      url: `${baseUrl}/c/pay/${id}`,
      amount_total: Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
      currency: "jpy",
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_method_types: methods,
      success_url: form.success_url,
      cancel_url: (form.cancel_url as string | undefined) ?? "",
      payment_intent: null,
      customer: typeof form.customer === "string" ? form.customer : null,
      expires_at: now() + 86_400,
      created: now(),
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  baseUrl = server.url;
  fake.url = server.url;
  fake.port = server.port;
  fake.close = server.close;
  fake.env = {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: server.url,
  };
  return fake;
}
