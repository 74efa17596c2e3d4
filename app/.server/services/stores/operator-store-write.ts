import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { livers } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

/** The store row an operator's change locks and reads first. */
export interface LockedStore {
  uid: string;
  store_name: string;
  email: string;
  status: "public" | "private" | "suspended" | "deleted";
  plan_id: string | null;
  limit_staff: number;
  order: number | null;
}

/**
 * The frame of every operator change to one store (ADR 0033): one transaction that checks the
 * operator again, locks the store row (the order every store write takes, so nothing interleaves)
 * and hands it to `change`, which writes the change, the store's log and the audit row together.
 * `not_found` when there is no such store.
 */
export async function changeStoreAsOperator<R extends { ok: boolean }>(
  db: Db,
  actor: SignedInOperator,
  liverId: string,
  change: (tx: Tx, store: LockedStore) => Promise<R>,
): Promise<R | { ok: false; error: "not_found" }> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [store] = await tx
      .select({
        uid: livers.uid,
        store_name: livers.store_name,
        email: livers.email,
        status: livers.status,
        plan_id: livers.plan_id,
        limit_staff: livers.limit_staff,
        order: livers.order,
      })
      .from(livers)
      .where(eq(livers.uid, liverId))
      .for("update");
    if (!store) return { ok: false, error: "not_found" } as const;
    return change(tx, store);
  });
}
