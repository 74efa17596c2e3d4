import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinPacks } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { lockPack } from "./catalogue-write";

/** Takes a coin pack off sale (`hidden`: the coin page no longer offers it) or puts it back. Audited. */
export async function retireCoinPack({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { packId: string; retire: boolean };
}): Promise<{ ok: true } | { ok: false; error: "not_found" }> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const pack = await lockPack(tx, input.packId);
    if (!pack) return { ok: false, error: "not_found" } as const;
    const status = input.retire ? "hidden" : "active";
    if (pack.status === status) return { ok: true } as const;
    await tx.update(coinPacks).set({ status }).where(eq(coinPacks.pack_id, input.packId));
    await writeAudit(tx, actor, {
      action: input.retire ? "coin_pack.retire" : "coin_pack.restore",
      targetType: "coin_pack",
      targetId: input.packId,
      details: { from: pack.status, to: status },
    });
    return { ok: true } as const;
  });
}
