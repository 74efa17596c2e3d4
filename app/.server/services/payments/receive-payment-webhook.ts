import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinOrders, paymentEvents } from "../../db/schema";
import { type PaymentPort, WebhookSignatureError } from "../../integrations/payments/payment-port";
import { verifyAgeByCard } from "../age-verification/verify-age-by-card";
import { fulfilCoinOrder, markCoinOrder } from "../ledger/fulfil-coin-order";
import { receiveRefund } from "./receive-refund";

export type WebhookResult =
  | { ok: true; handled: string; duplicate?: true }
  | { ok: false; error: "bad_signature" }
  /** The session is not the one the order was opened with: nothing is credited. */
  | { ok: false; error: "order_mismatch" }
  /** The order is not (yet) ours: answered non-2xx so the provider sends the event again later. */
  | { ok: false; error: "unknown_order" };

/**
 * A payment provider's webhook (ADR 0032): the signature is checked on the raw body
 * first; an event already handled (its id in `payment_events`) is acknowledged and ignored; coins
 * are credited only on `checkout.session.completed` with `payment_status = paid` or on
 * `checkout.session.async_payment_succeeded`, after re-reading the session, and exactly once per
 * order whatever the order and repetition of events (`fulfilCoinOrder`'s key). A late
 * `async_payment_failed` or an unpaid `completed` never undoes a paid order. `charge.refunded`
 * takes the purchase's unspent coins back (receive-refund.ts, ADR 0038). An order paid at the
 * checkout's completion was paid by card: it verifies the listener's age (ADR 0055).
 *
 * The order an event names (`metadata.order_id`) is only a pointer: the session must be the one
 * the order was opened with (`provider_session_id`), and the session as re-read must name that
 * order, or the event is refused — a session paid for one order never credits another.
 */
export async function receivePaymentWebhook({
  db,
  port,
  rawBody,
  signature,
}: {
  db: Db;
  port: PaymentPort;
  rawBody: Buffer;
  signature: string | null;
}): Promise<WebhookResult> {
  let event: ReturnType<PaymentPort["parseWebhook"]>;
  try {
    event = port.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { ok: false, error: "bad_signature" };
    throw error;
  }
  const [seen] = await db
    .select({ id: paymentEvents.event_id })
    .from(paymentEvents)
    .where(eq(paymentEvents.event_id, event.id));
  if (seen) return { ok: true, handled: event.type, duplicate: true };

  const session = event.session;
  if (session?.orderId && event.type.startsWith("checkout.session.")) {
    const [order] = await db
      .select({
        id: coinOrders.order_id,
        provider: coinOrders.provider,
        sessionId: coinOrders.provider_session_id,
        listenerId: coinOrders.listener_id,
      })
      .from(coinOrders)
      .where(eq(coinOrders.order_id, session.orderId));
    if (!order || order.provider !== port.provider) return { ok: false, error: "unknown_order" };
    if (order.sessionId !== session.id) return { ok: false, error: "order_mismatch" };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const current = await port.confirmSession(session);
        if (current.id !== order.sessionId || current.orderId !== order.id)
          return { ok: false, error: "order_mismatch" };
        if (current.paymentStatus === "paid") {
          await fulfilCoinOrder({ db, input: { orderId: order.id } });
          // Paid when the checkout completed, as the event itself says: a card. A konbini
          // voucher completes unpaid and is paid later (ADR 0055).
          if (event.type === "checkout.session.completed" && session.paymentStatus === "paid")
            await verifyAgeByCard(db, { listenerId: order.listenerId, orderId: order.id });
        } else if (event.type === "checkout.session.completed")
          await markCoinOrder(db, order.id, "awaiting_payment");
        break;
      }
      case "checkout.session.async_payment_failed":
        await markCoinOrder(db, order.id, "failed");
        break;
      case "checkout.session.expired":
        await markCoinOrder(db, order.id, "expired");
        break;
    }
  }
  if (event.type === "charge.refunded" && event.charge) {
    const refused = await receiveRefund({ db, port, charge: event.charge });
    if (refused) return refused;
  }
  await db
    .insert(paymentEvents)
    .values({ event_id: event.id, provider: port.provider, type: event.type })
    .onConflictDoNothing();
  return { ok: true, handled: event.type };
}
