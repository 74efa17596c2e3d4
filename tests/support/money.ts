import { randomUUID } from "node:crypto";
import type { Db } from "~/.server/db/client";
import { coinOrders } from "~/.server/db/schema";
import { fulfilCoinOrder } from "~/.server/services/ledger/fulfil-coin-order";

/** Gives a listener coins the way a paid order does (an order row, then its fulfilment). */
export async function giveCoins(
  db: Db,
  listenerId: string,
  coins: number,
  options: { bonus?: number; at?: Date; provider?: "test" | "stripe" } = {},
): Promise<string> {
  const orderId = randomUUID();
  await db.insert(coinOrders).values({
    order_id: orderId,
    listener_id: listenerId,
    pack_id: "coins-500",
    coins,
    bonus_coins: options.bonus ?? 0,
    price_jpy: coins,
    provider: options.provider ?? "test",
    provider_session_id: `test_${orderId}`,
  });
  await fulfilCoinOrder({ db, input: { orderId, now: options.at } });
  return orderId;
}
