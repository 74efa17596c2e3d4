import { and, eq, inArray } from "drizzle-orm";
import { paidCoinExpiry } from "~/domain/money";
import type { Db } from "../../db/client";
import { coinOrders } from "../../db/schema";
import { accounts, ensureAccounts } from "./accounts";
import { requestHash, runOnce } from "./run-once";
import { writeLedgerTransaction } from "./write-ledger-transaction";

export type FulfilResult =
  | { ok: true; credited: boolean; orderId: string; coins: number; bonusCoins: number }
  | { ok: false; error: "not_found" };

/**
 * Credits a paid coin order exactly once (the provider said it is paid): the paid coins as one
 * lot expiring 180 days after payment, the bonus coins as a lot of their own, against the
 * platform's issued coins; the yen the provider collected against coin sales. The key
 * `coin-order:<id>` makes a repeated or concurrent webhook a no-op with the same answer.
 */
export async function fulfilCoinOrder({
  db,
  input,
}: {
  db: Db;
  input: { orderId: string; now?: Date };
}): Promise<FulfilResult> {
  const now = input.now ?? new Date();
  const once = await runOnce<FulfilResult>(
    db,
    { idempotencyKey: `coin-order:${input.orderId}`, requestHash: requestHash({ order: input.orderId }) },
    async (tx) => {
      const [order] = await tx
        .select()
        .from(coinOrders)
        .where(eq(coinOrders.order_id, input.orderId))
        .for("update");
      if (!order) return { ok: false, error: "not_found" };
      const paid = accounts.coinLot(order.listener_id, order.order_id, "paid", now, paidCoinExpiry(now));
      const bonus = accounts.coinLot(order.listener_id, `${order.order_id}-bonus`, "bonus", now, null);
      const issued = accounts.platform("coins_issued", "coins");
      const sales = accounts.platform("coin_sales", "yen");
      const provider = accounts.provider(order.provider);
      const lots = order.bonus_coins > 0 ? [paid, bonus] : [paid];
      await ensureAccounts(tx, [...lots, issued, sales, provider]);
      const result: FulfilResult = {
        ok: true,
        credited: true,
        orderId: order.order_id,
        coins: order.coins,
        bonusCoins: order.bonus_coins,
      };
      await writeLedgerTransaction(tx, {
        kind: "coin_purchase",
        idempotencyKey: `coin-order:${order.order_id}`,
        requestHash: requestHash({ order: order.order_id }),
        actorId: order.listener_id,
        result: { ...result, credited: false },
        postings: [
          { account_id: paid.account_id, unit: "coins", tracked: true, amount: order.coins },
          ...(order.bonus_coins > 0
            ? [
                {
                  account_id: bonus.account_id,
                  unit: "coins" as const,
                  tracked: true,
                  amount: order.bonus_coins,
                },
              ]
            : []),
          {
            account_id: issued.account_id,
            unit: "coins",
            tracked: false,
            amount: -(order.coins + order.bonus_coins),
          },
          { account_id: provider.account_id, unit: "yen", tracked: false, amount: order.price_jpy },
          { account_id: sales.account_id, unit: "yen", tracked: false, amount: -order.price_jpy },
        ],
      });
      await tx
        .update(coinOrders)
        .set({ status: "paid", paid_at: now })
        .where(eq(coinOrders.order_id, order.order_id));
      return result;
    },
  );
  if (!once.ok) throw new Error("coin order key reused with other parameters");
  return once.result;
}

/** Moves an unpaid order to `awaiting_payment`, `failed` or `expired`; a paid order never changes. */
export async function markCoinOrder(
  db: Db,
  orderId: string,
  status: "awaiting_payment" | "failed" | "expired",
): Promise<void> {
  const from =
    status === "awaiting_payment" ? (["pending"] as const) : (["pending", "awaiting_payment"] as const);
  await db
    .update(coinOrders)
    .set({ status })
    .where(and(eq(coinOrders.order_id, orderId), inArray(coinOrders.status, [...from])));
}
