import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRowsPrepared } from "../../db/client";
import { accounts } from "./accounts";

/** Coins taken from the giver's lots to buy the items she does not hold (`pay_with_coins`). */
export interface GiftPurchase {
  /** Items bought from the platform for this gift. */
  bought: number;
  /** Coins, by lot, in the order the lots were locked (paid before bonus, oldest first). */
  lots: { account_id: string; amount: number }[];
  coins: number;
}

/** Everything one gift books (ADR 0040, 0043). */
export interface GiftBooking {
  txId: string;
  key: { idempotencyKey: string; requestHash: string };
  actorId: string;
  /** The use case's answer, stored with the header and replayed for the same key. */
  result: unknown;
  itemId: string;
  quantity: number;
  liverId: string;
  purchase: GiftPurchase | null;
  gift: {
    gift_id: string;
    staff_id: string | null;
    broadcaster_id: string;
    live_id: string | null;
    room_id: string | null;
    coins: number;
    points: number;
    combo_id: string;
    combo_count: number;
    created_at: string;
  };
  /**
   * More writes of the same statement, each a CTE that reads `t` (the header: nothing is written
   * when the key was taken) — the store's notice, the live's supporters, the giver's fan points.
   */
  also: SQL[];
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * Books a gift in one statement (ADR 0040, 0043): the ledger header under the idempotency key (its
 * unique index makes a second request with the key wait for the first and then write nothing),
 * the balances — the giver's coin lots (already locked by the caller), her items, then the store's
 * items, always in that order so two gifts never deadlock — the entries, the gift row and `also`.
 * A balance that would go below zero fails the CHECK and the whole statement. Entries are written
 * whenever the header is, so a missing account fails on the foreign key instead of leaving a
 * header without entries; the deferred trigger checks at commit that they sum to zero per unit.
 *
 * With a purchase, the entries say what happened: coins from the lots to the platform's
 * `coins_spent`, the bought items from `items_issued` into the giver's inventory, the whole
 * quantity from her inventory to the store. False when the key was taken.
 */
export async function bookGift(db: Db, g: GiftBooking): Promise<boolean> {
  const from = accounts.listenerItems(g.actorId, g.itemId).account_id;
  const to = accounts.storeItems(g.liverId, g.itemId).account_id;
  const bought = g.purchase?.bought ?? 0;
  /** What the giver's inventory moves by: she gives `quantity` and received `bought` of them. */
  const net = bought - g.quantity;
  const coinEntries = g.purchase
    ? [
        ...g.purchase.lots.map((lot) => sql`(${lot.account_id}, 'coins', null, ${-lot.amount}::bigint)`),
        sql`(${accounts.platform("coins_spent", "coins").account_id}, 'coins', null, ${g.purchase.coins}::bigint)`,
        sql`(${accounts.platform("items_issued", "items", g.itemId).account_id}, 'items', ${g.itemId}, ${-bought}::bigint)`,
        sql`(${from}, 'items', ${g.itemId}, ${bought}::bigint)`,
      ]
    : [];
  const entries = [
    ...coinEntries,
    sql`(${from}, 'items', ${g.itemId}, ${-g.quantity}::bigint)`,
    sql`(${to}, 'items', ${g.itemId}, ${g.quantity}::bigint)`,
  ];
  const lots = g.purchase?.lots ?? [];
  const gift = g.gift;
  const [row] = await queryRowsPrepared<{ booked: number | string }>(
    db,
    "gift_book",
    sql`with t as (
          insert into ledger_transactions (tx_id, kind, idempotency_key, request_hash, actor_id, result)
          values (${g.txId}, 'gift', ${g.key.idempotencyKey}, ${g.key.requestHash}, ${g.actorId},
                  ${JSON.stringify(g.result)}::jsonb)
          on conflict (idempotency_key) do nothing
          returning tx_id
        )${
          lots.length > 0
            ? sql`, lots as (
          update ledger_accounts a set balance = a.balance - v.amount
          from (values ${values(lots.map((lot) => sql`(${lot.account_id}, ${lot.amount}::bigint)`))}) as v (account_id, amount)
          where a.account_id = v.account_id and exists (select 1 from t)
          returning a.account_id
        )`
            : sql``
        }, giver as (
          update ledger_accounts set balance = balance + ${net}
          where account_id = ${from} and ${net} <> 0
            and exists (select 1 from t) ${lots.length > 0 ? sql`and (select count(*) from lots) = ${lots.length}` : sql``}
          returning account_id
        ), receiver as (
          update ledger_accounts set balance = balance + ${g.quantity}
          where account_id = ${to} and exists (select 1 from t)
            and (${net} = 0 or exists (select 1 from giver))
          returning account_id
        ), entries as (
          insert into ledger_entries (tx_id, account_id, unit, item_id, amount)
          select t.tx_id, p.account_id, p.unit, p.item_id, p.amount
          from t, (values ${values(entries)}) as p (account_id, unit, item_id, amount)
          returning 1
        ), gift as (
          insert into gifts (gift_id, tx_id, listener_id, liver_id, staff_id, item_id, quantity, live_id, room_id,
                             broadcaster_id, coins, points, combo_id, combo_count, created_at)
          select ${gift.gift_id}, t.tx_id, ${g.actorId}, ${g.liverId}, ${gift.staff_id}, ${g.itemId},
                 ${g.quantity}, ${gift.live_id}, ${gift.room_id}, ${gift.broadcaster_id}, ${gift.coins},
                 ${gift.points}, ${gift.combo_id}, ${gift.combo_count}, ${gift.created_at}::timestamptz
          from t
          returning 1
        )${g.also.length > 0 ? sql`, ${sql.join(g.also, sql`, `)}` : sql``}
        select (select count(*) from t) + 0 * (select count(*) from receiver) + 0 * (select count(*) from entries)
               + 0 * (select count(*) from gift) as booked`,
  );
  return Number(row?.booked ?? 0) === 1;
}

/** The CHECK that keeps a tracked balance at or above zero refused the move. */
export function isBalanceRefusal(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === "23514" && constraint === "ledger_accounts_not_negative") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
