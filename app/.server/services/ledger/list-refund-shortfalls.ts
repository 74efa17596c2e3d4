import { desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinOrders, coinRefunds } from "../../db/schema";

export interface RefundShortfall {
  orderId: string;
  listenerId: string;
  refundedJpy: number;
  /** Coins the refund called back that had already been spent (paid and bonus). */
  coinsSpent: number;
  at: string;
}

/**
 * Refunds whose coins had partly or wholly been spent already (ADR 0038): the platform refunded
 * the yen and could not take those coins back. `npm run ledger:reconcile` lists them for the
 * operator's review (they are not a ledger difference).
 */
export async function listRefundShortfalls(db: Db, limit = 200): Promise<RefundShortfall[]> {
  const spent = sql<number>`(${coinRefunds.paid_due} - ${coinRefunds.paid_taken}) + (${coinRefunds.bonus_due} - ${coinRefunds.bonus_taken})`;
  const rows = await db
    .select({
      orderId: coinRefunds.order_id,
      listenerId: coinOrders.listener_id,
      refundedJpy: coinRefunds.refund_jpy,
      coinsSpent: spent,
      at: coinRefunds.created_at,
    })
    .from(coinRefunds)
    .innerJoin(coinOrders, eq(coinOrders.order_id, coinRefunds.order_id))
    .where(gt(spent, 0))
    .orderBy(desc(coinRefunds.created_at))
    .limit(limit);
  return rows.map((row) => ({ ...row, coinsSpent: Number(row.coinsSpent), at: row.at.toISOString() }));
}
