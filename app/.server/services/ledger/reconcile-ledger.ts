import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";

export interface ReconcileReport {
  /** Tracked accounts whose balance row differs from the sum of their entries. */
  balances: { account_id: string; balance: number; entries: number }[];
  /** Transactions whose entries do not sum to zero in some unit. */
  unbalanced: { tx_id: string; unit: string; sum: number }[];
  /** Stores whose `livers.point` differs from their points account. */
  storePoints: { liver_id: string; point: number; ledger: number }[];
  accounts: number;
  transactions: number;
}

/**
 * Recomputes every balance from the entries (`npm run ledger:reconcile`, ADR 0032) and reports
 * each difference; an empty report means the ledger holds. Reads only.
 */
export async function reconcileLedger({ db }: { db: Db }): Promise<ReconcileReport> {
  const balances = await queryRows<{ account_id: string; balance: string; entries: string }>(
    db,
    sql`select a.account_id, a.balance, coalesce(e.total, 0) as entries
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e
          on e.account_id = a.account_id
        where a.tracked and a.balance <> coalesce(e.total, 0)
        order by a.account_id`,
  );
  const unbalanced = await queryRows<{ tx_id: string; unit: string; sum: string }>(
    db,
    sql`select tx_id, unit || coalesce(':' || item_id, '') as unit, sum(amount) as sum
        from ledger_entries group by tx_id, unit, item_id having sum(amount) <> 0 order by tx_id`,
  );
  const storePoints = await queryRows<{ liver_id: string; point: number; ledger: string }>(
    db,
    sql`select l.uid as liver_id, l.point, coalesce(a.balance, 0) as ledger
        from livers l left join ledger_accounts a on a.account_id = 'liver:' || l.uid || ':points'
        where l.point <> coalesce(a.balance, 0) order by l.uid`,
  );
  const [counts] = await queryRows<{ accounts: string; transactions: string }>(
    db,
    sql`select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_transactions) as transactions`,
  );
  return {
    balances: balances.map((r) => ({
      account_id: r.account_id,
      balance: Number(r.balance),
      entries: Number(r.entries),
    })),
    unbalanced: unbalanced.map((r) => ({ tx_id: r.tx_id, unit: r.unit, sum: Number(r.sum) })),
    storePoints: storePoints.map((r) => ({
      liver_id: r.liver_id,
      point: Number(r.point),
      ledger: Number(r.ledger),
    })),
    accounts: Number(counts?.accounts ?? 0),
    transactions: Number(counts?.transactions ?? 0),
  };
}

export const reconcileIsClean = (report: ReconcileReport) =>
  report.balances.length === 0 && report.unbalanced.length === 0 && report.storePoints.length === 0;
