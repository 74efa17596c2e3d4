/**
 * `npm run fans:reconcile`: recomputes every fan point and live supporter total from the gifts,
 * comments and minutes watched that earned them, and prints each difference (ADR 0043). Exit code
 * 0 when they hold, 1 when they do not, 2 when it could not run. With the embedded database, stop
 * the server first (PGlite is opened by one process).
 */
import path from "node:path";
import { type Database, openDatabase } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { fansReconcileIsClean, reconcileFans } from "../app/.server/services/fans/reconcile-fans";
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
        `fans:reconcile: the embedded database in ${env.dataDir} is in use (pid ${error.pid}); stop the server first.`,
      );
      return 2;
    }
    throw error;
  }
  try {
    const report = await reconcileFans({ db: database.db });
    console.log(
      `fans: ${report.counted.fanPoints} fan point rows, ${report.counted.supporters} live supporters`,
    );
    for (const row of report.fanPoints)
      console.log(
        `fan points differ: ${row.listener_id} → ${row.broadcaster_id} ${row.month} kept=${row.kept} recomputed=${row.recomputed} (coins/comments/minutes/points)`,
      );
    for (const row of report.fanDays)
      console.log(
        `fan day differs: ${row.listener_id} → ${row.broadcaster_id} ${row.day} kept=${row.kept} recomputed=${row.recomputed} (comments/minutes)`,
      );
    for (const row of report.supporters)
      console.log(
        `live supporter differs: ${row.live_id} ${row.listener_id} kept=${row.kept} recomputed=${row.recomputed} (coins/points/gifts)`,
      );
    const clean = fansReconcileIsClean(report);
    console.log(clean ? "fans: every kept figure matches what earned it" : "fans: DIFFERENCES FOUND");
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
