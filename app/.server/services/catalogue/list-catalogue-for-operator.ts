import { asc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinOrders, coinPacks, gifts, items, ledgerAccounts } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

/** Every coin pack (on sale or retired), with whether it was ever ordered (then it cannot be deleted). */
export async function listCoinPacksForOperator({ db, actor }: { db: Db; actor: SignedInOperator }) {
  await assertOperator(db, actor);
  return db
    .select({
      pack_id: coinPacks.pack_id,
      name: coinPacks.name,
      coins: coinPacks.coins,
      bonus_coins: coinPacks.bonus_coins,
      price_jpy: coinPacks.price_jpy,
      status: coinPacks.status,
      sort_order: coinPacks.sort_order,
      sold: sql<boolean>`exists (select 1 from ${coinOrders} where ${coinOrders.pack_id} = ${coinPacks.pack_id})`,
    })
    .from(coinPacks)
    .orderBy(asc(coinPacks.sort_order), asc(coinPacks.pack_id));
}

/** Every item (on sale or retired), with whether it was ever bought or given. */
export async function listItemsForOperator({ db, actor }: { db: Db; actor: SignedInOperator }) {
  await assertOperator(db, actor);
  return db
    .select({
      item_id: items.item_id,
      name: items.name,
      image_url: items.image_url,
      coin_price: items.coin_price,
      point_value: items.point_value,
      status: items.status,
      sort_order: items.sort_order,
      sold: sql<boolean>`(exists (select 1 from ${ledgerAccounts} where ${ledgerAccounts.item_id} = ${items.item_id})
        or exists (select 1 from ${gifts} where ${gifts.item_id} = ${items.item_id}))`,
    })
    .from(items)
    .orderBy(asc(items.sort_order), asc(items.item_id));
}
