import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { type LedgerUnit, unbalancedUnits } from "~/domain/money";
import type { Db } from "../../db/client";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema";

/** One movement: `amount` added to the account (negative takes away). */
export interface Posting {
  account_id: string;
  unit: LedgerUnit;
  item_id?: string | null;
  /** Tracked accounts keep a balance row that may not go below zero; others are not touched. */
  tracked: boolean;
  amount: number;
}

/** A tracked account would go below zero: the whole transaction is rolled back. */
export class InsufficientBalanceError extends Error {
  constructor(readonly accountId: string) {
    super(`insufficient balance in ${accountId}`);
  }
}

export interface LedgerWrite {
  kind: string;
  idempotencyKey: string;
  requestHash: string;
  actorId: string | null;
  /** The operation's answer, replayed for the same key. */
  result: unknown;
  postings: readonly Posting[];
}

/**
 * Writes one balanced transaction inside the caller's database transaction: checks the entries
 * sum to zero per unit (the deferred trigger checks it again at commit), moves the tracked
 * balances — each a conditional UPDATE that refuses to go below zero and holds the row's lock to
 * commit, so concurrent spenders queue on it — then the header and the entries. Returns the id.
 */
export async function writeLedgerTransaction(tx: Db, write: LedgerWrite): Promise<string> {
  const bad = unbalancedUnits(
    write.postings.map((p) => ({ unit: p.unit, itemId: p.item_id, amount: p.amount })),
  );
  if (bad.length > 0) throw new Error(`unbalanced ledger transaction ${write.kind}: ${bad.join(", ")}`);
  // Sorted by account, so two transactions lock shared rows in the same order (no deadlock).
  const tracked = [...write.postings]
    .filter((p) => p.tracked)
    .sort((a, b) => (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0));
  for (const posting of tracked) {
    const [moved] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${posting.amount}` })
      .where(
        and(
          eq(ledgerAccounts.account_id, posting.account_id),
          gte(sql`${ledgerAccounts.balance} + ${posting.amount}`, 0),
        ),
      )
      .returning({ id: ledgerAccounts.account_id });
    if (!moved) throw new InsufficientBalanceError(posting.account_id);
  }
  const txId = randomUUID();
  await tx.insert(ledgerTransactions).values({
    tx_id: txId,
    kind: write.kind,
    idempotency_key: write.idempotencyKey,
    request_hash: write.requestHash,
    actor_id: write.actorId,
    result: write.result ?? null,
  });
  await tx.insert(ledgerEntries).values(
    write.postings.map((p) => ({
      tx_id: txId,
      account_id: p.account_id,
      unit: p.unit,
      item_id: p.item_id ?? null,
      amount: p.amount,
    })),
  );
  return txId;
}
