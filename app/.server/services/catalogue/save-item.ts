import { eq } from "drizzle-orm";
import type { ItemInput } from "~/domain/admin-catalogue";
import type { Db } from "../../db/client";
import { items } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { lockItem } from "./catalogue-write";

export type SaveCatalogueResult = { ok: true } | { ok: false; error: "duplicate" | "not_found" };

/**
 * Creates an item or changes one (its id stays): name, price in coins, points it converts to, order.
 * Past purchases keep what they cost (their ledger entries); items held convert at the new value.
 * A new item's picture is added afterwards (`setItemImage`). Audited.
 */
export async function saveItem({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { mode: "create" | "update"; item: ItemInput };
}): Promise<SaveCatalogueResult> {
  const { item_id, ...fields } = input.item;
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    if (input.mode === "create") {
      const created = await tx
        .insert(items)
        .values({ item_id, ...fields })
        .onConflictDoNothing({ target: items.item_id })
        .returning({ id: items.item_id });
      if (created.length === 0) return { ok: false, error: "duplicate" } as const;
      await writeAudit(tx, actor, {
        action: "item.create",
        targetType: "item",
        targetId: item_id,
        details: fields,
      });
      return { ok: true } as const;
    }
    const before = await lockItem(tx, item_id);
    if (!before) return { ok: false, error: "not_found" } as const;
    await tx.update(items).set(fields).where(eq(items.item_id, item_id));
    await writeAudit(tx, actor, {
      action: "item.update",
      targetType: "item",
      targetId: item_id,
      details: {
        before: {
          name: before.name,
          coin_price: before.coin_price,
          point_value: before.point_value,
          sort_order: before.sort_order,
        },
        after: fields,
      },
    });
    return { ok: true } as const;
  });
}
