import { sql } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { listenerItemsAccountSql } from "../ledger/accounts";
import { coinBalance } from "../ledger/coin-lots";

/** An item of the gift sheet: the catalogue's, with what the listener holds of it. */
export interface WalletItem {
  item_id: string;
  name: string;
  image_url: string;
  animation_url: string;
  coin_price: number;
  /** Items of it she holds (given first; the rest is bought with coins). */
  held: number;
  /** Still sold: what she does not hold can be bought. A retired item she holds can still be given. */
  on_sale: boolean;
}

/**
 * The gift sheet of the live room and the chat (ADR 0043): the items on sale and any she holds
 * (a retired one included), in catalogue order, with her usable coins.
 */
export async function readGiftWallet({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  now?: Date;
}): Promise<{ coins: number; items: WalletItem[] } | null> {
  if (roleRefusal(actor, "gift.send")) return null;
  const [rows, balance] = await Promise.all([
    queryRows<{
      item_id: string;
      name: string;
      image_url: string;
      animation_url: string;
      coin_price: number;
      status: string;
      held: number | string | null;
    }>(
      db,
      sql`select i.item_id, i.name, i.image_url, i.animation_url, i.coin_price, i.status, a.balance as held
            from items i
            left join ledger_accounts a on a.account_id = ${listenerItemsAccountSql(actor.uid, sql`i.item_id`)}
           where i.status = 'active' or a.balance > 0
           order by i.sort_order, i.item_id`,
    ),
    coinBalance(db, actor.uid, now),
  ]);
  return {
    coins: balance.total,
    items: rows.map((r) => ({
      item_id: r.item_id,
      name: r.name,
      image_url: r.image_url,
      animation_url: r.animation_url,
      coin_price: Number(r.coin_price),
      held: Number(r.held ?? 0),
      on_sale: r.status === "active",
    })),
  };
}
