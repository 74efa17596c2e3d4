import { randomUUID } from "node:crypto";
import { eq, inArray, max, sum } from "drizzle-orm";
import { planRefundStep, type RefundStep } from "~/domain/coin-refunds";
import type { Db } from "../../db/client";
import { coinOrders, coinRefunds, ledgerAccounts } from "../../db/schema";
import { accounts, ensureAccounts } from "./accounts";
import { fulfilCoinOrder } from "./fulfil-coin-order";
import { requestHash, runOnce } from "./run-once";
import { type Posting, writeLedgerTransaction } from "./write-ledger-transaction";

export type RefundResult =
  | { ok: true; booked: false }
  | ({ ok: true; booked: true; orderId: string } & RefundStep)
  | { ok: false; error: "not_found" };

/**
 * A refunded coin purchase (`charge.refunded`, ADR 0038): takes back the purchase's coins still in
 * its own lots — paid and bonus in proportion to the yen refunded — in one ledger transaction, and
 * records what had already been spent (`coin_refunds`: due and taken). A refund proves the payment,
 * so an order not credited yet (the refund came before the completion event) is credited first
 * (`fulfilCoinOrder`'s key makes the late completion a no-op). Idempotent per cumulative refunded
 * amount (`coin-refund:<order>:<yen>`); steps of one order run one at a time under the order row's
 * lock, each booking only what the steps before did not, so duplicates and stale events book
 * nothing.
 */
export async function refundCoinOrder({
  db,
  input,
}: {
  db: Db;
  input: { orderId: string; chargeId: string; refundedTotalJpy: number; now?: Date };
}): Promise<RefundResult> {
  const fulfilled = await fulfilCoinOrder({ db, input: { orderId: input.orderId, now: input.now } });
  if (!fulfilled.ok) return fulfilled;
  const key = {
    idempotencyKey: `coin-refund:${input.orderId}:${input.refundedTotalJpy}`,
    requestHash: requestHash({ order: input.orderId, total: input.refundedTotalJpy }),
  };
  const once = await runOnce<RefundResult>(db, key, async (tx) => {
    const [order] = await tx
      .select()
      .from(coinOrders)
      .where(eq(coinOrders.order_id, input.orderId))
      .for("update");
    if (!order) return { ok: false, error: "not_found" };
    const [booked] = await tx
      .select({
        total: max(coinRefunds.refunded_total_jpy),
        paid: sum(coinRefunds.paid_due),
        bonus: sum(coinRefunds.bonus_due),
      })
      .from(coinRefunds)
      .where(eq(coinRefunds.order_id, order.order_id));
    const now = input.now ?? new Date();
    const paidLot = accounts.coinLot(order.listener_id, order.order_id, "paid", now, null).account_id;
    const bonusLot = accounts.coinLot(
      order.listener_id,
      `${order.order_id}-bonus`,
      "bonus",
      now,
      null,
    ).account_id;
    const lots = await tx
      .select({ id: ledgerAccounts.account_id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.account_id, [paidLot, bonusLot].sort()))
      .orderBy(ledgerAccounts.account_id)
      .for("update");
    const balance = (id: string) => lots.find((lot) => lot.id === id)?.balance ?? 0;
    const step = planRefundStep({
      priceJpy: order.price_jpy,
      coins: order.coins,
      bonusCoins: order.bonus_coins,
      refundedTotalJpy: input.refundedTotalJpy,
      booked: {
        refundedTotalJpy: booked?.total ?? 0,
        paidDue: Number(booked?.paid ?? 0),
        bonusDue: Number(booked?.bonus ?? 0),
      },
      balances: { paid: balance(paidLot), bonus: balance(bonusLot) },
    });
    if (!step) return { ok: true, booked: false };
    const refunded = accounts.platform("coins_refunded", "coins");
    const refunds = accounts.platform("coin_refunds", "yen");
    const provider = accounts.provider(order.provider);
    await ensureAccounts(tx, [refunded, refunds, provider]);
    const taken = step.paidTaken + step.bonusTaken;
    const postings: Posting[] = [
      ...(step.paidTaken > 0
        ? [{ account_id: paidLot, unit: "coins" as const, tracked: true, amount: -step.paidTaken }]
        : []),
      ...(step.bonusTaken > 0
        ? [{ account_id: bonusLot, unit: "coins" as const, tracked: true, amount: -step.bonusTaken }]
        : []),
      ...(taken > 0
        ? [{ account_id: refunded.account_id, unit: "coins" as const, tracked: false, amount: taken }]
        : []),
      ...(step.refundJpy > 0
        ? [
            {
              account_id: provider.account_id,
              unit: "yen" as const,
              tracked: false,
              amount: -step.refundJpy,
            },
            { account_id: refunds.account_id, unit: "yen" as const, tracked: false, amount: step.refundJpy },
          ]
        : []),
    ];
    const result: RefundResult = { ok: true, booked: true, orderId: order.order_id, ...step };
    const txId = await writeLedgerTransaction(tx, {
      kind: "coin_refund",
      ...key,
      actorId: order.listener_id,
      result: { ...result, booked: false },
      postings,
    });
    await tx.insert(coinRefunds).values({
      refund_id: randomUUID(),
      order_id: order.order_id,
      tx_id: txId,
      provider_charge_id: input.chargeId,
      refunded_total_jpy: step.refundedTotalJpy,
      refund_jpy: step.refundJpy,
      paid_due: step.paidDue,
      paid_taken: step.paidTaken,
      bonus_due: step.bonusDue,
      bonus_taken: step.bonusTaken,
      created_at: now,
    });
    return result;
  });
  if (!once.ok) throw new Error("coin refund key reused with other parameters");
  return once.result;
}
