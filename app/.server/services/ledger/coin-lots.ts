import { and, asc, eq, gt } from "drizzle-orm";
import { type CoinLot, planSpend } from "~/domain/money";
import type { Db } from "../../db/client";
import { ledgerAccounts } from "../../db/schema";
import { accounts } from "./accounts";
import type { Posting } from "./write-ledger-transaction";

/** A listener's coin lots that still hold coins (expired ones included: the job books them out). */
export async function readCoinLots(
  db: Db,
  listenerId: string,
  options: { lock?: boolean } = {},
): Promise<CoinLot[]> {
  const query = db
    .select({
      id: ledgerAccounts.account_id,
      kind: ledgerAccounts.lot_kind,
      acquiredAt: ledgerAccounts.acquired_at,
      expiresAt: ledgerAccounts.expires_at,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner_id, listenerId),
        eq(ledgerAccounts.unit, "coins"),
        eq(ledgerAccounts.owner_type, "listener"),
        gt(ledgerAccounts.balance, 0),
      ),
    )
    .orderBy(asc(ledgerAccounts.account_id));
  // FOR UPDATE in account order: concurrent spenders of one listener queue here, and each sees
  // the balances the one before it committed (READ COMMITTED re-reads a locked row after the wait).
  const rows = options.lock ? await query.for("update") : await query;
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind ?? "bonus",
    acquiredAt: row.acquiredAt ?? new Date(0),
    expiresAt: row.expiresAt,
    balance: row.balance,
  }));
}

/**
 * The postings that take `amount` coins from a listener (paid before bonus, oldest first) into
 * the platform's `coins_spent`, or null when the listener cannot afford it. Call inside the
 * transaction that books them: the lots stay locked until it ends.
 */
export async function spendCoinsPostings(
  tx: Db,
  listenerId: string,
  amount: number,
  now: Date,
): Promise<{ postings: Posting[] } | { insufficient: true; available: number }> {
  const lots = await readCoinLots(tx, listenerId, { lock: true });
  const plan = planSpend(lots, amount, now);
  if (!plan.ok) return { insufficient: true, available: plan.available };
  const spent = accounts.platform("coins_spent", "coins");
  return {
    postings: [
      ...plan.takes.map((take) => ({
        account_id: take.id,
        unit: "coins" as const,
        tracked: true,
        amount: -take.amount,
      })),
      { account_id: spent.account_id, unit: "coins", tracked: false, amount },
    ],
  };
}

/** The usable coins of a listener: paid and bonus apart (expired lots not counted). */
export async function coinBalance(db: Db, listenerId: string, now: Date) {
  const lots = await readCoinLots(db, listenerId);
  const usable = lots.filter((lot) => !(lot.expiresAt && lot.expiresAt.getTime() <= now.getTime()));
  const paid = usable.filter((lot) => lot.kind === "paid").reduce((s, l) => s + l.balance, 0);
  const bonus = usable.filter((lot) => lot.kind === "bonus").reduce((s, l) => s + l.balance, 0);
  return {
    paid,
    bonus,
    total: paid + bonus,
    lots: usable
      .filter((lot) => lot.kind === "paid")
      .sort((a, b) => (a.expiresAt?.getTime() ?? 0) - (b.expiresAt?.getTime() ?? 0))
      .map((lot) => ({ id: lot.id, coins: lot.balance, expiresAt: lot.expiresAt })),
  };
}
