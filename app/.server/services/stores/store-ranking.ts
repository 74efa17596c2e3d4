import { and, asc, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { livers } from "../../db/schema/index";

/**
 * The ranked stores: those with an `order` (ADR 0033: lower first, none last), in the order
 * the directory lists them (ties by newest first). Deleted stores keep their number but take no
 * place. With `lock`, the rows are locked (by id, so two rankings never wait in a cycle).
 */
export async function rankedStores(db: Db | Tx, { lock = false }: { lock?: boolean } = {}) {
  const where = and(isNotNull(livers.order), ne(livers.status, "deleted"));
  if (lock)
    await (db as Tx)
      .select({ uid: livers.uid })
      .from(livers)
      .where(where)
      .orderBy(asc(livers.uid))
      .for("update");
  return db
    .select({ uid: livers.uid, store_name: livers.store_name, status: livers.status, order: livers.order })
    .from(livers)
    .where(where)
    .orderBy(asc(livers.order), desc(livers.created_at), asc(livers.uid));
}

/** Numbers the ranked stores 1, 2, … in the order given, writing only the rows that change. */
export async function renumberStores(
  tx: Tx,
  current: readonly { uid: string; order: number | null }[],
  ordered: readonly string[],
): Promise<void> {
  const before = new Map(current.map((row) => [row.uid, row.order]));
  for (const [index, uid] of ordered.entries()) {
    if (before.get(uid) === index + 1) continue;
    await tx
      .update(livers)
      .set({ order: index + 1 })
      .where(eq(livers.uid, uid));
  }
}
