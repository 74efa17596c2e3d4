/**
 * npm run seed -- --stores N --staff M --listeners K [--seed S] [--reset]
 *
 * Fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with deterministic
 * demo data. The same command builds the benchmark data set at a larger size.
 */

import path from "node:path";
import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, openDatabase } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { livers } from "../app/.server/db/schema";
import { createObjectStorage } from "../app/.server/integrations/storage/create-object-storage";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "../app/.server/seed/seed-database";
import { createProgressBar } from "./progress-bar";
import { readScriptEnv } from "./read-env";

const USAGE = `Usage: npm run seed -- [--stores N] [--staff M] [--listeners K] [--seed S] [--reset]

  --stores N      stores to create (default 60)
  --staff M       staff in total, spread over the stores (default 480)
  --listeners K   listeners (default 40)
  --seed S        seed of the generator; the same seed gives the same data (default 1)
  --reset         empty the app tables (stores, staff, listeners, follows, shifts, logs, rooms,
                  accounts and sessions) first; needed when the database already has data

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
Stop the server first when it uses the embedded database.`;

/** A whole number, written with optional `,` or `_` separators ("40,000", "40_000"). */
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d[\d,_]*$/, `--${name} must be a whole number`)
    .transform((v) => Number(v.replace(/[,_]/g, "")))
    .pipe(
      z
        .number()
        .int()
        .min(min, `--${name} must be at least ${min}`)
        .max(max, `--${name} must be at most ${max.toLocaleString("en-US")}`),
    );

const ArgsSchema = z.object({
  stores: wholeNumber("stores", 1, 100_000).default(60),
  staff: wholeNumber("staff", 0, 1_000_000).default(480),
  listeners: wholeNumber("listeners", 0, 1_000_000).default(40),
  seed: wholeNumber("seed", 0, 2 ** 32 - 1).default(1),
  reset: z.boolean().default(false),
  help: z.boolean().default(false),
});

class UsageError extends Error {}

function parseCommandLine(argv: string[]): z.output<typeof ArgsSchema> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        stores: { type: "string" },
        staff: { type: "string" },
        listeners: { type: "string" },
        seed: { type: "string" },
        reset: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("\n"));
  }
  return parsed.data;
}

function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
}

async function main(): Promise<number> {
  let args: z.output<typeof ArgsSchema>;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`seed: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  const env = readScriptEnv();
  if (!env) return 1;

  const started = Date.now();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: path.join(env.dataDir, "db") });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`seed: ${error.message}`);
      return 1;
    }
    console.error(`seed: could not open the database: ${(error as Error).message}`);
    return 1;
  }
  const where = database.driver === "pg" ? "PostgreSQL" : `PGlite in ${path.join(env.dataDir, "db")}`;
  console.error(`seed: ${where}, opened in ${formatDuration(Date.now() - started)}`);

  // Ctrl-C stops between two batches and still closes the database cleanly.
  const abort = new AbortController();
  const onSignal = () => {
    if (abort.signal.aborted) process.exit(130);
    console.error("\nseed: interrupted, stopping after the current batch (Ctrl-C again to quit at once)");
    abort.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const bar = createProgressBar(process.stderr);
  try {
    if (args.reset) {
      await resetTables(database);
      console.error("seed: app tables emptied (--reset)");
    } else {
      const existing = await countStores(database);
      if (existing > 0) {
        console.error(
          `seed: the database already has ${existing.toLocaleString("en-US")} stores; run again with --reset to replace them`,
        );
        return 1;
      }
    }
    const summary = await seedDatabase(database.db, {
      stores: args.stores,
      staff: args.staff,
      listeners: args.listeners,
      seed: args.seed,
      dataDir: env.dataDir,
      storage: createObjectStorage(env),
      onProgress: (p) => bar.update(p),
      signal: abort.signal,
    });
    bar.end();
    const n = (v: number) => v.toLocaleString("en-US").padStart(10);
    console.log(
      [
        `Seeded ${where} with seed ${args.seed} in ${formatDuration(Date.now() - started)}:`,
        `  stores     ${n(summary.stores)}`,
        `  staff      ${n(summary.staff)}`,
        `  listeners  ${n(summary.listeners)}`,
        `  favorites  ${n(summary.favorites)}`,
        `  schedules  ${n(summary.schedules)}`,
        `  news       ${n(summary.news)}`,
        `  posts      ${n(summary.posts)}`,
        `  rooms      ${n(summary.rooms)}`,
        `  messages   ${n(summary.messages)}`,
        `  users      ${n(summary.users)}`,
        `Demo accounts (password ${DEMO_PASSWORD}):`,
        `  listener  ${DEMO_ACCOUNTS.listener.email}`,
        `  store     ${DEMO_ACCOUNTS.store.email}`,
        `  staff     login ID ${DEMO_ACCOUNTS.staff.loginId}`,
      ].join("\n"),
    );
    return 0;
  } catch (error) {
    bar.end();
    if (abort.signal.aborted) {
      console.error("seed: interrupted; the data is incomplete, run again with --reset");
      return 130;
    }
    console.error(`seed: failed: ${(error as Error).stack ?? error}`);
    return 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await database.close();
  }
}

async function countStores(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(livers);
  return row?.n ?? 0;
}

/** Empties what the seed writes; the plan catalogue (data of a migration) stays. */
async function resetTables(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(
      `truncate table ledger_entries, ledger_transactions, ledger_accounts, payment_events, favorites, schedules, logs, rooms, news, staffs, listeners, livers, session, account, verification, "user" cascade`,
    ),
  );
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
