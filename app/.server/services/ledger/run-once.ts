import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ledgerTransactions } from "../../db/schema";

export type Once<T> =
  | { ok: true; result: T; replayed: boolean }
  | { ok: false; error: "idempotency_conflict" };

/** A stable digest of a request's parameters (key order does not matter). */
export function requestHash(parameters: Record<string, unknown>): string {
  const sorted = Object.keys(parameters)
    .sort()
    .map((key) => [key, parameters[key] ?? null]);
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}

/**
 * The stored answer of a key already used (or the conflict), before a service checks anything
 * that may have changed since (a live that ended, points already paid out): the same key answers
 * the same. Null when the key is new; `runOnce` checks again under its lock.
 */
export async function findReplay<T>(
  db: Db,
  key: { idempotencyKey: string; requestHash: string },
): Promise<Once<T> | null> {
  const [prior] = await db
    .select({ hash: ledgerTransactions.request_hash, result: ledgerTransactions.result })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotency_key, key.idempotencyKey))
    .limit(1);
  if (!prior) return null;
  if (prior.hash !== key.requestHash) return { ok: false, error: "idempotency_conflict" };
  return { ok: true, result: prior.result as T, replayed: true };
}

/**
 * Runs a business operation at most once per idempotency key (ADR 0032). In one database
 * transaction: a transaction-scoped advisory lock on the key (a second request with the same key
 * waits for the first to finish), then the stored answer when the key was used — the same answer
 * again, or `idempotency_conflict` when the parameters differ — else `work`, which writes its
 * ledger transaction under that key with its answer. An answer that booked nothing (refused) is
 * not stored: the same key may be tried again.
 */
export async function runOnce<T>(
  db: Db,
  key: { idempotencyKey: string; requestHash: string },
  work: (tx: Db) => Promise<T>,
): Promise<Once<T>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key.idempotencyKey}, 17))`);
    const [prior] = await tx
      .select({ hash: ledgerTransactions.request_hash, result: ledgerTransactions.result })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotency_key, key.idempotencyKey))
      .limit(1);
    if (prior) {
      if (prior.hash !== key.requestHash) return { ok: false, error: "idempotency_conflict" } as const;
      return { ok: true, result: prior.result as T, replayed: true } as const;
    }
    return { ok: true, result: await work(tx), replayed: false } as const;
  });
}
