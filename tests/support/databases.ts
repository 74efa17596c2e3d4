import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { type Database, loadPgliteExtensions, openDatabase, wrapPglite } from "~/.server/db/client";

/**
 * Fresh, migrated databases for integration tests: an in-memory PGlite always, and a throw-away
 * PostgreSQL database too when `TEST_DATABASE_URL` (an administrative connection) is set.
 *
 *   describe.each(drivers)("… on %s", (driver) => {
 *     let database: TestDatabase;
 *     beforeAll(async () => { database = await openTestDatabase(driver); });
 *     afterAll(async () => { await database?.close(); });
 *   });
 */

export type Driver = Database["driver"];

export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** The drivers to run integration tests on. */
export const drivers: Driver[] = testDatabaseUrl ? ["pglite", "pg"] : ["pglite"];

export interface TestDatabase extends Database {
  /** The PostgreSQL database name (pg only). */
  name?: string;
  /** Closes the connections and, on PostgreSQL, drops the database. Safe to call twice. */
  close(): Promise<void>;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function urlForDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(...texts: string[]): Promise<void> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    for (const text of texts) await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty PostgreSQL database next to TEST_DATABASE_URL; returns its name and URL. A test
 * database is thrown away, so its commits do not wait for the disk (`synchronous_commit = off`):
 * what a commit shows other sessions, and its NOTIFY, are the same; only a crash of the PostgreSQL
 * server could lose the last commits. The realtime and ledger tests commit hundreds of times.
 */
export async function createPostgresDatabase(
  prefix = "test",
  options: { template?: string } = {},
): Promise<{ name: string; url: string }> {
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const name = `${safePrefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const template = options.template ? ` template ${quoteIdent(options.template)}` : "";
  await adminQuery(
    `create database ${quoteIdent(name)}${template}`,
    `alter database ${quoteIdent(name)} set synchronous_commit = off`,
  );
  return { name, url: urlForDatabase(testDatabaseUrl!, name) };
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  // `with (force)` (PostgreSQL 13+) ends sessions a failed test may have left open.
  await adminQuery(`drop database if exists ${quoteIdent(name)} with (force)`);
}

/**
 * Opens a fresh database with every migration applied. `prefix` names the PostgreSQL database
 * (`<prefix>_<time>_<random>`), which helps to find leftovers of a crashed run.
 */
export async function openTestDatabase(
  driver: Driver,
  options: { prefix?: string } = {},
): Promise<TestDatabase> {
  if (driver === "pglite") return openPgliteFromTemplate();
  // A copy of this run's migrated template (tests/support/global-setup.ts); opening it still runs
  // the migrator, which finds every migration applied.
  const template = inject("postgresTemplate") || undefined;
  const { name, url } = await createPostgresDatabase(options.prefix ?? "test", { template });
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    if (template) await database.db.execute(sql`update directory_state set version = gen_random_uuid()`);
  } catch (error) {
    await dropPostgresDatabase(name);
    throw error;
  }
  let closed = false;
  return {
    ...database,
    name,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await database.close();
      } finally {
        await dropPostgresDatabase(name);
      }
    },
  };
}

let template: Blob | null = null;

/**
 * Fills the empty directory `dir` with this run's migrated PGlite template, for a test of the
 * embedded database on disk whose subject is not the first migration (a fresh migration on disk
 * takes most of a minute on a loaded machine). Without a template (a file run outside Vitest's
 * setup) the directory stays empty and is migrated when opened.
 */
export async function pgliteDirFromTemplate(dir: string): Promise<void> {
  const file = inject("pgliteTemplate");
  if (!file) return;
  template ??= new Blob([readFileSync(file)]);
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir: template,
    extensions: await loadPgliteExtensions(),
  });
  await client.close();
}

/**
 * A fresh in-memory PGlite loaded from the migrated template of this run (tests/support/
 * global-setup.ts); migrated from scratch when there is none (a file run outside Vitest's setup).
 */
async function openPgliteFromTemplate(): Promise<TestDatabase> {
  const file = inject("pgliteTemplate");
  if (!file) return openDatabase({ pgliteDir: "memory://", lock: false });
  template ??= new Blob([readFileSync(file)]);
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create({ loadDataDir: template, extensions: await loadPgliteExtensions() });
  await client.exec("set timezone = 'UTC'");
  // Every clone starts with the template's directory version; processes remember totals by it
  // (ADR 0013), so each database gets its own, as a migration run would give it.
  await client.exec("update directory_state set version = gen_random_uuid()");
  return wrapPglite(client);
}
