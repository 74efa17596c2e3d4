import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";
import type { SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { changeStoreAsOperator } from "./operator-store-write";
import { rankedStores, renumberStores } from "./store-ranking";

export type RankStoreResult =
  | { ok: true; order: number | null }
  | { ok: false; error: "not_found" | "deleted" };

/**
 * Puts a store at `position` of the ranking (1 = first; past the end = last) or, with null, takes
 * it off; the ranked stores are numbered 1…n again, so "put at 3" moves the third and the ones
 * after it down by one, as an operator expects of a ranking.
 */
export async function rankStore({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { liverId: string; position: number | null };
}): Promise<RankStoreResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    if (store.status === "deleted") return { ok: false, error: "deleted" } as const;
    const current = await rankedStores(tx, { lock: true });
    const others = current.filter((row) => row.uid !== store.uid).map((row) => row.uid);
    let order: number | null = null;
    if (input.position === null) {
      await tx.update(livers).set({ order: null }).where(eq(livers.uid, store.uid));
      await renumberStores(tx, current, others);
    } else {
      const at = Math.min(Math.max(input.position, 1), others.length + 1) - 1;
      const ordered = [...others.slice(0, at), store.uid, ...others.slice(at)];
      await renumberStores(tx, store.order === null ? [...current, store] : current, ordered);
      order = at + 1;
    }
    await writeAudit(tx, actor, {
      action: "store.order",
      targetType: "liver",
      targetId: store.uid,
      details: { from: store.order, to: order },
    });
    return { ok: true, order } as const;
  });
}
