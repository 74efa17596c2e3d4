import { and, eq } from "drizzle-orm";
import { TEST_CARDS, type TestCard } from "~/domain/payment-methods";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type CoinOrder, coinOrders } from "../../db/schema";
import { type CustomerPort, saveTestCard } from "../../integrations/payments/listener-customers";
import type { createTestPayments } from "../../integrations/payments/test-payments";
import { ensureListenerCustomer } from "./listener-customer";
import { receivePaymentWebhook } from "./receive-payment-webhook";

type TestPort = ReturnType<typeof createTestPayments>;

/** The listener's own test-provider order behind a test checkout session, or null. */
export async function findTestCheckout({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { sessionId: string };
}): Promise<CoinOrder | null> {
  if (roleRefusal(actor, "coin.buy")) return null;
  const [order] = await db
    .select()
    .from(coinOrders)
    .where(
      and(
        eq(coinOrders.provider, "test"),
        eq(coinOrders.provider_session_id, input.sessionId),
        eq(coinOrders.listener_id, actor.uid),
      ),
    );
  return order ?? null;
}

export const TEST_PAYMENT_METHODS = ["card", "konbini", "konbini_paid", "konbini_failed"] as const;
export type TestPaymentMethod = (typeof TEST_PAYMENT_METHODS)[number];

/**
 * The テスト決済 page's buttons: the events Stripe would send for a card payment (completed, paid),
 * a konbini voucher (completed, unpaid) and its later payment or failure — signed with the local
 * secret and handed to the same webhook handler as Stripe's, raw bytes and all.
 */
export async function payTestCheckout({
  db,
  actor,
  port,
  input,
  customers = null,
}: {
  db: Db;
  actor: Viewer;
  port: TestPort;
  /** `saveCard` (card payments): the test provider keeps that test card for the listener. */
  input: { sessionId: string; method: TestPaymentMethod; saveCard?: string | null };
  customers?: CustomerPort | null;
}): Promise<{ ok: true; orderId: string } | { ok: false; error: "not_found" }> {
  const order = await findTestCheckout({ db, actor, input });
  if (!order) return { ok: false, error: "not_found" };
  if (
    input.method === "card" &&
    order.status === "pending" &&
    input.saveCard &&
    input.saveCard in TEST_CARDS &&
    customers?.provider === "test"
  ) {
    const customerId = await ensureListenerCustomer(db, customers, actor.uid);
    await saveTestCard(db, customerId, input.saveCard as TestCard);
  }
  const paid = input.method === "card" || input.method === "konbini_paid";
  const type =
    input.method === "konbini_paid"
      ? "checkout.session.async_payment_succeeded"
      : input.method === "konbini_failed"
        ? "checkout.session.async_payment_failed"
        : "checkout.session.completed";
  const event = port.signedEvent(type, {
    id: input.sessionId,
    orderId: order.order_id,
    status: "complete",
    paymentStatus: paid ? "paid" : "unpaid",
  });
  const result = await receivePaymentWebhook({ db, port, rawBody: event.body, signature: event.signature });
  if (!result.ok) throw new Error(`test payment refused by the webhook handler: ${result.error}`);
  return { ok: true, orderId: order.order_id };
}
