import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { ReceivedGift } from "~/domain/money";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { gifts, items, ledgerAccounts, listeners, staffs } from "../../db/schema";

const SHOWN = 200;

/**
 * Received items (ADR 0032): a staff member sees the gifts to her (by giver and date); a store
 * sees the gifts to it and its staff, and what it holds not yet converted (its item balances).
 */
export async function listReceivedItems({ db, actor }: { db: Db; actor: Viewer }) {
  if (roleRefusal(actor, "items.received.read")) return null;
  const filter = actor.type === "staff" ? eq(gifts.staff_id, actor.uid) : eq(gifts.liver_id, actor.uid);
  const rows = await db
    .select({
      gift_id: gifts.gift_id,
      item_name: items.name,
      image_url: items.image_url,
      quantity: gifts.quantity,
      point_value: items.point_value,
      nickname: listeners.nickname,
      staff_name: staffs.name,
      created_at: gifts.created_at,
    })
    .from(gifts)
    .innerJoin(items, eq(items.item_id, gifts.item_id))
    .leftJoin(listeners, eq(listeners.uid, gifts.listener_id))
    .leftJoin(staffs, eq(staffs.uid, gifts.staff_id))
    .where(filter)
    .orderBy(desc(gifts.created_at))
    .limit(SHOWN);
  const received: ReceivedGift[] = rows.map((row) => ({
    gift_id: row.gift_id,
    item_name: row.item_name,
    image_url: row.image_url,
    quantity: row.quantity,
    points: row.quantity * row.point_value,
    from: row.nickname?.trim() || "ゲスト",
    staff_name: row.staff_name,
    created_at: row.created_at.toISOString(),
  }));
  const held =
    actor.type === "liver"
      ? await db
          .select({
            item_id: items.item_id,
            name: items.name,
            image_url: items.image_url,
            point_value: items.point_value,
            quantity: ledgerAccounts.balance,
          })
          .from(ledgerAccounts)
          .innerJoin(items, eq(items.item_id, ledgerAccounts.item_id))
          .where(
            and(
              eq(ledgerAccounts.owner_type, "liver"),
              eq(ledgerAccounts.owner_id, actor.uid),
              eq(ledgerAccounts.unit, "items"),
              gt(ledgerAccounts.balance, 0),
            ),
          )
          .orderBy(asc(items.sort_order))
      : [];
  return { received, held, heldPoints: held.reduce((sum, h) => sum + h.quantity * h.point_value, 0) };
}
