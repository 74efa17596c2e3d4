import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { items } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { lockItem } from "./catalogue-write";

/** Takes an item off sale (`hidden`: listeners can no longer buy it; held ones can still be given) or back. Audited. */
export async function retireItem({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { itemId: string; retire: boolean };
}): Promise<{ ok: true } | { ok: false; error: "not_found" }> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const item = await lockItem(tx, input.itemId);
    if (!item) return { ok: false, error: "not_found" } as const;
    const status = input.retire ? "hidden" : "active";
    if (item.status === status) return { ok: true } as const;
    await tx.update(items).set({ status }).where(eq(items.item_id, input.itemId));
    await writeAudit(tx, actor, {
      action: input.retire ? "item.retire" : "item.restore",
      targetType: "item",
      targetId: input.itemId,
      details: { from: item.status, to: status },
    });
    return { ok: true } as const;
  });
}
