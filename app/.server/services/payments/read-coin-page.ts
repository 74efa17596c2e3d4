import { and, asc, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type CoinOrder, type CoinPack, coinOrders, coinPacks } from "../../db/schema";
import { coinBalance } from "../ledger/coin-lots";

export interface CoinPage {
  packs: CoinPack[];
  balance: Awaited<ReturnType<typeof coinBalance>>;
  /** The order the listener came back from (`?order=`), when it is theirs. */
  order: Pick<CoinOrder, "order_id" | "status" | "coins" | "bonus_coins" | "price_jpy"> | null;
}

/** `/listener/coin`: the packs on sale, the balance (paid and bonus, what expires when), an order's state. */
export async function readCoinPage({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { orderId?: string | null; now: Date };
}): Promise<CoinPage | { error: "forbidden" }> {
  if (roleRefusal(actor, "coin.buy")) return { error: "forbidden" };
  const [packs, balance, orders] = await Promise.all([
    db.select().from(coinPacks).where(eq(coinPacks.status, "active")).orderBy(asc(coinPacks.sort_order)),
    coinBalance(db, actor.uid, input.now),
    input.orderId && /^[0-9a-f-]{36}$/.test(input.orderId)
      ? db
          .select()
          .from(coinOrders)
          .where(and(eq(coinOrders.order_id, input.orderId), eq(coinOrders.listener_id, actor.uid)))
      : Promise.resolve([]),
  ]);
  return { packs, balance, order: orders[0] ?? null };
}
