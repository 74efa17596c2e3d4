import { eq, max } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coinRefunds } from "../../db/schema";
import type { createTestPayments } from "../../integrations/payments/test-payments";
import { findTestCheckout } from "./pay-test-checkout";
import { receivePaymentWebhook } from "./receive-payment-webhook";

/**
 * The test provider's refund (ADR 0038): what an operator does in a real provider's dashboard,
 * offered on the テスト決済 page of a paid order so it can be tried by hand. It signs the
 * `charge.refunded` Stripe would send — the charge refunded by `amountJpy` more, cumulative — and
 * hands it to the same webhook handler.
 */
export async function refundTestCheckout({
  db,
  actor,
  port,
  input,
}: {
  db: Db;
  actor: Viewer;
  port: ReturnType<typeof createTestPayments>;
  input: { sessionId: string; amountJpy: number };
}): Promise<{ ok: true; orderId: string } | { ok: false; error: "not_found" | "invalid" }> {
  const order = await findTestCheckout({ db, actor, input });
  if (order?.status !== "paid") return { ok: false, error: "not_found" };
  if (!Number.isSafeInteger(input.amountJpy) || input.amountJpy < 1) return { ok: false, error: "invalid" };
  const [done] = await db
    .select({ total: max(coinRefunds.refunded_total_jpy) })
    .from(coinRefunds)
    .where(eq(coinRefunds.order_id, order.order_id));
  const event = port.signedRefund({
    id: `ch_test_local_${order.order_id.replace(/-/g, "")}`,
    orderId: order.order_id,
    amount: order.price_jpy,
    amountRefunded: Math.min(order.price_jpy, (done?.total ?? 0) + input.amountJpy),
  });
  const result = await receivePaymentWebhook({ db, port, rawBody: event.body, signature: event.signature });
  if (!result.ok) throw new Error(`test refund refused by the webhook handler: ${result.error}`);
  return { ok: true, orderId: order.order_id };
}
