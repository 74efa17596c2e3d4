import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinOrders } from "../../db/schema";
import type { ChargeState, PaymentPort } from "../../integrations/payments/payment-port";
import { refundCoinOrder } from "../ledger/refund-coin-order";

/**
 * `charge.refunded` (ADR 0038): finds the coin order the charge paid (its metadata, or Stripe's
 * session by payment intent) and books the refund up to the charge's cumulative `amount_refunded`.
 * A charge that paid none of our coin orders (a store plan's invoice, say) is acknowledged and left
 * alone; an order id we do not know is answered like an unknown checkout (retried later).
 */
export async function receiveRefund({
  db,
  port,
  charge,
}: {
  db: Db;
  port: PaymentPort;
  charge: ChargeState;
}): Promise<{ ok: false; error: "unknown_order" } | null> {
  const orderId = charge.orderId ?? (port.orderOfCharge ? await port.orderOfCharge(charge) : null);
  if (!orderId) return null;
  const [order] = await db
    .select({ id: coinOrders.order_id, provider: coinOrders.provider })
    .from(coinOrders)
    .where(eq(coinOrders.order_id, orderId));
  if (!order || order.provider !== port.provider) return { ok: false, error: "unknown_order" };
  await refundCoinOrder({
    db,
    input: { orderId: order.id, chargeId: charge.id, refundedTotalJpy: charge.amountRefunded },
  });
  return null;
}
