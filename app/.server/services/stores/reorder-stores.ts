import type { Db } from "../../db/client";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { rankedStores, renumberStores } from "./store-ranking";

export type ReorderStoresInput =
  /** The whole ranking in its new order (a drag on the ranking page). */
  | { kind: "list"; ids: readonly string[] }
  /** One store one place up or down (the buttons, which work without JavaScript). */
  | { kind: "move"; liverId: string; direction: "up" | "down" };

export type ReorderStoresResult = { ok: true; moved: boolean } | { ok: false; error: "not_found" | "stale" };

/**
 * Reorders the ranking (ADR 0033 "order: drag to rank"): the ranked stores are numbered 1…n
 * in the new order. A dragged list that is not exactly the ranked stores of now (another operator
 * changed the ranking meanwhile) is refused as `stale` rather than guessed at.
 */
export async function reorderStores({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: ReorderStoresInput;
}): Promise<ReorderStoresResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const current = await rankedStores(tx, { lock: true });
    const ids = current.map((row) => row.uid);
    let ordered: string[];
    if (input.kind === "list") {
      const given = [...input.ids];
      const same =
        given.length === ids.length &&
        new Set(given).size === given.length &&
        given.every((id) => ids.includes(id));
      if (!same) return { ok: false, error: "stale" } as const;
      ordered = given;
    } else {
      const index = ids.indexOf(input.liverId);
      if (index < 0) return { ok: false, error: "not_found" } as const;
      const target = input.direction === "up" ? index - 1 : index + 1;
      if (target < 0 || target >= ids.length) return { ok: true, moved: false } as const;
      ordered = [...ids];
      [ordered[index], ordered[target]] = [ordered[target]!, ordered[index]!];
    }
    const numbered = current.every((row, i) => row.order === i + 1);
    if (numbered && ordered.every((id, i) => ids[i] === id)) return { ok: true, moved: false } as const;
    await renumberStores(tx, current, ordered);
    // A move is about one store (its history shows it); a drag is about the whole ranking.
    await writeAudit(
      tx,
      actor,
      input.kind === "list"
        ? { action: "stores.reorder", targetType: "ranking", details: { ids: ordered } }
        : {
            action: "stores.reorder",
            targetType: "liver",
            targetId: input.liverId,
            details: { direction: input.direction, ids: ordered },
          },
    );
    return { ok: true, moved: true } as const;
  });
}
