/**
 * `npm run ledger:reconcile`: recomputes every ledger balance from its entries and prints each
 * difference (ADR 0032). Exit code 0 when the ledger holds, 1 when it does not, 2 when it could
 * not run. With the embedded database, stop the server first (PGlite is opened by one process).
 */
import path from "node:path";
import { type Database, openDatabase } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { listRefundShortfalls } from "../app/.server/services/ledger/list-refund-shortfalls";
import { reconcileIsClean, reconcileLedger } from "../app/.server/services/ledger/reconcile-ledger";
import { readScriptEnv } from "./read-env";

async function main(): Promise<number> {
  const env = readScriptEnv();
  if (!env) return 2;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: path.join(env.dataDir, "db") });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `ledger:reconcile: the embedded database in ${env.dataDir} is in use (pid ${error.pid}); stop the server first.`,
      );
      return 2;
    }
    throw error;
  }
  try {
    const report = await reconcileLedger({ db: database.db });
    console.log(`ledger: ${report.accounts} accounts, ${report.transactions} transactions`);
    for (const row of report.balances)
      console.log(`balance differs: ${row.account_id} row=${row.balance} entries=${row.entries}`);
    for (const row of report.unbalanced)
      console.log(`transaction does not balance: ${row.tx_id} ${row.unit} sum=${row.sum}`);
    for (const row of report.storePoints)
      console.log(`store points differ: ${row.liver_id} livers.point=${row.point} ledger=${row.ledger}`);
    // For review, not a difference (ADR 0038): refunds whose coins had already been spent.
    for (const row of await listRefundShortfalls(database.db))
      console.log(
        `refund with coins already spent (review): order=${row.orderId} listener=${row.listenerId} refunded=¥${row.refundedJpy} coins_spent=${row.coinsSpent} at=${row.at}`,
      );
    const clean = reconcileIsClean(report);
    console.log(clean ? "ledger: every balance matches its entries" : "ledger: DIFFERENCES FOUND");
    return clean ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
