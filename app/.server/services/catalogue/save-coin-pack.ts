import { eq } from "drizzle-orm";
import type { CoinPackInput } from "~/domain/admin-catalogue";
import type { Db } from "../../db/client";
import { coinPacks } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { lockPack } from "./catalogue-write";

export type SaveCatalogueResult = { ok: true } | { ok: false; error: "duplicate" | "not_found" };

/**
 * Creates a coin pack or changes one (its id stays): name, coins, bonus, tax-included price and
 * order. Orders keep what they were sold at, so a change never alters a past sale. Audited.
 */
export async function saveCoinPack({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { mode: "create" | "update"; pack: CoinPackInput };
}): Promise<SaveCatalogueResult> {
  const { pack_id, ...fields } = input.pack;
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    if (input.mode === "create") {
      const created = await tx
        .insert(coinPacks)
        .values({ pack_id, ...fields })
        .onConflictDoNothing({ target: coinPacks.pack_id })
        .returning({ id: coinPacks.pack_id });
      if (created.length === 0) return { ok: false, error: "duplicate" } as const;
      await writeAudit(tx, actor, {
        action: "coin_pack.create",
        targetType: "coin_pack",
        targetId: pack_id,
        details: fields,
      });
      return { ok: true } as const;
    }
    const before = await lockPack(tx, pack_id);
    if (!before) return { ok: false, error: "not_found" } as const;
    await tx.update(coinPacks).set(fields).where(eq(coinPacks.pack_id, pack_id));
    await writeAudit(tx, actor, {
      action: "coin_pack.update",
      targetType: "coin_pack",
      targetId: pack_id,
      details: {
        before: {
          name: before.name,
          coins: before.coins,
          bonus_coins: before.bonus_coins,
          price_jpy: before.price_jpy,
          sort_order: before.sort_order,
        },
        after: fields,
      },
    });
    return { ok: true } as const;
  });
}
