import { sql } from "drizzle-orm";
import { type Db, queryRowsPrepared } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { accounts, storeItemsAccountSql } from "../ledger/accounts";
import { listedStaff } from "../shared/staff-query";

/** The platform's side of buying items with coins (`pay_with_coins`), per item. */
export const purchasePlatformAccounts = (itemId: string) =>
  [accounts.platform("items_issued", "items", itemId), accounts.platform("coins_spent", "coins")] as const;

export interface GiftItemFacts {
  item_id: string;
  name: string;
  image_url: string;
  animation_url: string;
  coin_price: number;
  point_value: number;
  status: "active" | "hidden";
}

export interface GiftFacts {
  /** The key's stored answer, when it was used. */
  prior: { hash: string; result: unknown } | null;
  item: GiftItemFacts | null;
  /** A listed staff member with her store, or a public store. */
  receiver: { id: string; liver_id: string; name: string } | null;
  /** The giver's items of that kind now (null: never had any). */
  have: number | string | null;
  /** Whether the store's account for that item exists already. */
  held: boolean | null;
  nickname: string | null;
  /** The giver hides her name from rankings, and so from the live's gift lines (ADR 0043). */
  anonymous: boolean | null;
  /** The giver's last gift of this item to this receiver in this live or room, of the last 10 s. */
  combo: { combo_id: string; count: number; at: string } | null;
  /** The giver's fan points for the receiver this Tokyo month (null: none yet). */
  fanPoints: number | string | null;
  /** The live named by `liveId` (null: none, or no `liveId`). */
  live: { broadcaster_id: string; status: "live" | "ended" } | null;
  /** Whether the platform's two accounts a purchase books to exist already (after the first ever). */
  platform: boolean | null;
}

/**
 * Everything a gift needs to know before it books, in one round trip (ADR 0040, 0043): the key's
 * answer, the item, the receiver, the giver's items of that kind (a refusal needs no write),
 * whether the store's item account exists, the combo it may join, the fan points it adds to, the
 * live it is sent in and whether the accounts of a purchase exist (then none is inserted).
 */
export async function readGiftFacts(
  db: Db,
  input: {
    actorId: string;
    key: string;
    itemId: string;
    staffId?: string;
    liverId?: string;
    liveId?: string;
    roomId?: string;
    month: string;
    at: Date;
  },
): Promise<GiftFacts> {
  const receiver = input.staffId
    ? sql`select ${staffs.uid} as id, ${staffs.liver_id} as liver_id, ${staffs.name} as name
          from ${staffs} join ${livers} on ${livers.uid} = ${staffs.liver_id}
          where ${listedStaff} and ${staffs.uid} = ${input.staffId}`
    : sql`select ${livers.uid} as id, ${livers.uid} as liver_id, ${livers.store_name} as name
          from ${livers} where ${livers.status} = 'public' and ${livers.uid} = ${input.liverId ?? ""}`;
  const [facts] = await queryRowsPrepared<GiftFacts>(
    db,
    "gift_read",
    sql`select
          (select json_build_object('hash', request_hash, 'result', result)
             from ledger_transactions where idempotency_key = ${input.key}) as prior,
          (select json_build_object('item_id', item_id, 'name', name, 'image_url', image_url,
                    'animation_url', animation_url, 'coin_price', coin_price, 'point_value', point_value,
                    'status', status)
             from items where item_id = ${input.itemId}) as item,
          (select row_to_json(r) from (${receiver}) r) as receiver,
          (select balance from ledger_accounts
             where account_id = ${accounts.listenerItems(input.actorId, input.itemId).account_id}) as have,
          (select true from ledger_accounts, (${receiver}) r
             where account_id = ${storeItemsAccountSql(sql`r.liver_id`, input.itemId)}) as held,
          ${input.liveId ? sql`(select nickname from listeners where uid = ${input.actorId})` : sql`null`} as nickname,
          ${input.liveId ? sql`(select hide_from_rankings from listeners where uid = ${input.actorId})` : sql`null`} as anonymous,
          (select json_build_object('combo_id', g.combo_id, 'count', g.combo_count, 'at', g.created_at)
             from gifts g, (${receiver}) r
             where g.listener_id = ${input.actorId} and g.item_id = ${input.itemId} and g.broadcaster_id = r.id
               and g.live_id is not distinct from ${input.liveId ?? null}::text
               and g.room_id is not distinct from ${input.roomId ?? null}::text
               and g.created_at > ${input.at.toISOString()}::timestamptz - interval '10 seconds'
             order by g.created_at desc limit 1) as combo,
          (select f.points from fan_points f, (${receiver}) r
             where f.listener_id = ${input.actorId} and f.broadcaster_id = r.id and f.month = ${input.month}) as "fanPoints",
          (select json_build_object('broadcaster_id', broadcaster_id, 'status', status)
             from lives where live_id = ${input.liveId ?? ""}) as live,
          (select count(*) = 2 from ledger_accounts
             where account_id in (${purchasePlatformAccounts(input.itemId)[0].account_id},
                                  ${purchasePlatformAccounts(input.itemId)[1].account_id})) as platform`,
  );
  return facts!;
}
