import { and, asc, eq, gt } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Item, items, ledgerAccounts } from "../../db/schema";
import { coinBalance } from "./coin-lots";

export interface InventoryLine {
  item: Pick<Item, "item_id" | "name" | "image_url" | "coin_price">;
  quantity: number;
}

/** A listener's items (what the inventory holds), with the catalogue. */
export async function readInventory(db: Db, listenerId: string): Promise<InventoryLine[]> {
  const rows = await db
    .select({
      item_id: items.item_id,
      name: items.name,
      image_url: items.image_url,
      coin_price: items.coin_price,
      quantity: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .innerJoin(items, eq(items.item_id, ledgerAccounts.item_id))
    .where(
      and(
        eq(ledgerAccounts.owner_type, "listener"),
        eq(ledgerAccounts.owner_id, listenerId),
        eq(ledgerAccounts.unit, "items"),
        gt(ledgerAccounts.balance, 0),
      ),
    )
    .orderBy(asc(items.sort_order));
  return rows.map(({ quantity, ...item }) => ({ item, quantity }));
}

/** `/listener/mypage/purchase`: the catalogue, the coins and the inventory. */
export async function readPurchasePage({ db, actor, now }: { db: Db; actor: Viewer; now: Date }) {
  if (roleRefusal(actor, "item.buy")) return null;
  const [catalogue, balance, inventory] = await Promise.all([
    db.select().from(items).where(eq(items.status, "active")).orderBy(asc(items.sort_order)),
    coinBalance(db, actor.uid, now),
    readInventory(db, actor.uid),
  ]);
  return { catalogue, coins: balance.total, inventory };
}
