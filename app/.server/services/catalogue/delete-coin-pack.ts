import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinPacks } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { lockPack, packWasSold } from "./catalogue-write";

/**
 * Deletes a coin pack nobody ever ordered (a mistake just made). One that was ordered is refused:
 * its orders name it; it can be retired instead. The row is locked first, so an order placed
 * meanwhile (which locks the pack's key) waits for the decision.
 */
export async function deleteCoinPack({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { packId: string };
}): Promise<{ ok: true } | { ok: false; error: "not_found" | "pack_sold" }> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const pack = await lockPack(tx, input.packId);
    if (!pack) return { ok: false, error: "not_found" } as const;
    if (await packWasSold(tx, input.packId)) return { ok: false, error: "pack_sold" } as const;
    await tx.delete(coinPacks).where(eq(coinPacks.pack_id, input.packId));
    await writeAudit(tx, actor, {
      action: "coin_pack.delete",
      targetType: "coin_pack",
      targetId: input.packId,
      details: { name: pack.name, coins: pack.coins, price_jpy: pack.price_jpy },
    });
    return { ok: true } as const;
  });
}
