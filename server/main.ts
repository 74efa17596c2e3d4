import type { Server } from "node:http";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { type Database, openDatabase } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/lock";
import { EnvError, ensureAuthSecret, parseEnv } from "~/.server/env";
import { seedDemoIfEmpty } from "~/.server/seed/seed-demo-if-empty";
import { pruneExpiredRecords } from "~/.server/services/prune-expired-records";
import { createApp } from "./app";

interface MainOptions {
  vite?: ViteDevServer;
}

// Kept on globalThis so a hot reload of this module in development does not open the database twice.
const state = globalThis as typeof globalThis & { __yoruServer?: { database: Database; server: Server } };

export async function main({ vite }: MainOptions): Promise<void> {
  if (state.__yoruServer) return;
  let env: ReturnType<typeof parseEnv>;
  try {
    env = ensureAuthSecret(parseEnv(process.env));
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = Date.now();
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: env.databaseUrl,
      pgliteDir: path.join(env.dataDir, "db"),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(
    `[db] ${database.driver === "pg" ? "PostgreSQL" : `PGlite in ${env.dataDir}`} ready, migrations applied (${Date.now() - started} ms)`,
  );

  if (env.seedDemo) {
    await seedDemoIfEmpty(database.db, {
      dataDir: env.dataDir,
      log: (line) => console.log(`[seed] ${line}`),
    });
  }

  // Expired limits, spent challenges and tokens: now, then hourly (never keeps the process alive).
  const prune = () =>
    pruneExpiredRecords({ db: database.db }).catch((error) => console.error("[prune] failed", error));
  await prune();
  setInterval(prune, 60 * 60 * 1000).unref();

  const app = createApp({ db: database.db, env, vite });
  const server = app.listen(env.port, () => {
    console.log(`[http] ${env.baseUrl} (NODE_ENV=${env.nodeEnv}, pid ${process.pid})`);
  });
  state.__yoruServer = { database, server };

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[http] ${signal}: closing`);
    const force = setTimeout(() => {
      console.error("[http] open connections did not close within 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await vite?.close();
    await database.close();
    console.log("[db] closed");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
