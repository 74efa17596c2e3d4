import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { coinOrders, coinPacks, gifts, items, ledgerAccounts } from "../../db/schema/index";

/**
 * What the catalogue services share (ADR 0033): whether a pack or an item was ever sold — then it
 * may be retired but never deleted, since orders and ledger entries name it; and the rows
 * locked for a change.
 */

export async function packWasSold(tx: Tx | Db, packId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: coinOrders.order_id })
    .from(coinOrders)
    .where(eq(coinOrders.pack_id, packId))
    .limit(1);
  return Boolean(row);
}

export async function itemWasSold(tx: Tx | Db, itemId: string): Promise<boolean> {
  const [account] = await tx
    .select({ id: ledgerAccounts.account_id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.item_id, itemId))
    .limit(1);
  if (account) return true;
  const [gift] = await tx.select({ id: gifts.gift_id }).from(gifts).where(eq(gifts.item_id, itemId)).limit(1);
  return Boolean(gift);
}

export async function lockPack(tx: Tx | Db, packId: string) {
  const [row] = await tx.select().from(coinPacks).where(eq(coinPacks.pack_id, packId)).for("update");
  return row ?? null;
}

export async function lockItem(tx: Tx | Db, itemId: string) {
  const [row] = await tx.select().from(items).where(eq(items.item_id, itemId)).for("update");
  return row ?? null;
}
