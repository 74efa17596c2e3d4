import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { items } from "../../db/schema/index";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { itemWasSold, lockItem } from "./catalogue-write";

/**
 * Deletes an item nobody ever bought (a mistake just made). One that was bought is refused: ledger
 * accounts and gifts name it; it can be retired instead. The row is locked first, so a purchase
 * meanwhile (which locks the item's key) waits for the decision. Its picture is removed after.
 */
export async function deleteItem({
  db,
  images,
  actor,
  input,
}: {
  db: Db;
  images: ImageStorage;
  actor: SignedInOperator;
  input: { itemId: string };
}): Promise<{ ok: true } | { ok: false; error: "not_found" | "item_sold" }> {
  const result = await db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const item = await lockItem(tx, input.itemId);
    if (!item) return { ok: false, error: "not_found" } as const;
    if (await itemWasSold(tx, input.itemId)) return { ok: false, error: "item_sold" } as const;
    await tx.delete(items).where(eq(items.item_id, input.itemId));
    await writeAudit(tx, actor, {
      action: "item.delete",
      targetType: "item",
      targetId: input.itemId,
      details: { name: item.name, coin_price: item.coin_price, point_value: item.point_value },
    });
    return { ok: true, imageUrl: item.image_url } as const;
  });
  if (!result.ok) return result;
  await images.remove(result.imageUrl);
  return { ok: true };
}
