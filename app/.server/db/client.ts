import { createHash } from "node:crypto";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`: what `db.transaction(async (tx) => …)` hands over. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Raw SQL with `$n` parameters, for infrastructure that brings its own SQL (the job queue). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  /**
   * The same database as `db`, for libraries that bring their own SQL: the pool on PostgreSQL;
   * PGlite itself otherwise (its queries queue behind `db`'s transactions: one connection).
   */
  sql: SqlExecutor;
  /**
   * What the realtime channel listens on (ADR 0018): the embedded PGlite itself (one connection,
   * `listen()` in process), or the PostgreSQL URL for a dedicated LISTEN connection.
   */
  listenTarget: { kind: "pglite"; client: PGlite } | { kind: "pg"; url: string };
  /** Flush and close. For PGlite also releases the data directory lock. Safe to call twice. */
  close(): Promise<void>;
}

export function migrationsFolder(): string {
  // Not relative to this file: after bundling it lives in build/server (stack-probe ADR 0009.9).
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "drizzle");
}

/** Connections of one server process's PostgreSQL pool (worker processes share it: ADR 0014). */
export const DEFAULT_POOL_SIZE = 10;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  pgliteDir?: string;
  /** Skip the lock file (in-memory databases and clones need none). */
  lock?: boolean;
  migrate?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE)
    : await openPglite(options.pgliteDir ?? "memory://", options.lock ?? true);
  if (options.migrate ?? true) {
    try {
      await migrate(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max,
    options: "-c timezone=UTC",
    // A server that never answers fails the start (or the request) instead of hanging it.
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool; without a
  // listener its error would end the process.
  pool.on("error", (error) => console.error(`[db] idle connection lost: ${error.message}`));
  // Fail at start, with the driver's message, when the server cannot be reached.
  const client = await pool.connect();
  client.release();
  const db = drizzle(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: "pg",
    sql: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    listenTarget: { kind: "pg", url },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function loadPgliteExtensions() {
  const [{ pg_trgm }, { cube }, { earthdistance }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/cube"),
    import("@electric-sql/pglite/contrib/earthdistance"),
  ]);
  return { pg_trgm, cube, earthdistance };
}

async function openPglite(dir: string, lock: boolean): Promise<Database> {
  const inMemory = dir.startsWith("memory://");
  const { acquireDataDirLock } = await import("./lock");
  const release = lock && !inMemory ? acquireDataDirLock(path.dirname(path.resolve(dir))) : () => {};
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(inMemory ? dir : path.resolve(dir), {
      extensions: await loadPgliteExtensions(),
    });
    await client.exec("set timezone = 'UTC'");
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

export async function wrapPglite(client: PGlite, release: () => void = () => {}): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: "pglite",
    sql: {
      // Parameters mean one statement (extended protocol); without them a script may hold several
      // (pg-boss's locked maintenance), answered by the last statement's rows, as node-postgres does.
      async executeSql(text, values) {
        if (values && values.length > 0)
          return client.query(text, values as unknown[]) as Promise<{ rows: Record<string, unknown>[] }>;
        try {
          const results = await client.exec(text);
          return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
        } catch (error) {
          // A script that failed between its BEGIN and COMMIT would leave the only connection in
          // an aborted transaction, failing every later query: end it before passing the error on.
          if (client.isInTransaction()) await client.exec("ROLLBACK");
          throw error;
        }
      },
    },
    listenTarget: { kind: "pglite", client },
    async close() {
      if (closed) return;
      closed = true;
      try {
        // PGlite never fsyncs; a checkpoint writes everything to the data files before we go.
        if (!client.closed) {
          await client.exec("CHECKPOINT");
          await client.close();
        }
      } finally {
        release();
      }
    },
  };
}

export async function migrate(database: Database): Promise<void> {
  await applyMigrations(database);
  const { installJobQueues } = await import("./queue/install-queues");
  await installJobQueues(database);
  // A migration may rewrite rows without firing row triggers (ALTER … TYPE, a regenerated column):
  // totals remembered by processes still running count again (ADR 0013).
  await database.db.update(schema.directoryState).set({ version: sql`gen_random_uuid()` });
}

async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.driver === "pglite") {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await run(database.db as any, config);
  } else {
    const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await run(database.db as any, config);
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type does not say. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

const preparedNames = new Map<string, string>();

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call (node-postgres keeps the names per connection; PGlite ignores them).
 * For hot statements of fixed shape (a gift's, ADR 0040) — planning was up to half their cost.
 * The name is `prefix` and a digest of the text, so two shapes never share one. Drizzle's
 * `execute` takes no name, hence its session's `prepareQuery` (the same path with a name).
 * A statement run on every request is better built once: `rowsByShape`.
 */
export async function queryRowsPrepared<T>(db: Db, prefix: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const result = (await internals.session
    .prepareQuery(built, undefined, preparedName(prefix, built.sql), false)
    .execute()) as { rows: T[] };
  return result.rows;
}

/** `prefix` and a digest of the statement's text: one name never stands for two texts. */
function preparedName(prefix: string, text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
    if (preparedNames.size < 1000) preparedNames.set(text, name);
  }
  return name;
}

/** The statement name's prefix of a shape: its part before the first ":" ("feed_following:source" → "feed_following"). */
function shapePrefix(shape: string): string {
  return shape.split(":")[0] || "shape";
}

/** A prepared statement whose values come at execution, as Drizzle placeholders. */
export interface ShapedStatement<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** Statements built once per shape, per database (tests open many in one process). */
const shapedStatements = new WeakMap<Db, Map<string, ShapedStatement<unknown>>>();

/** Enough for every filter combination of the hot statements; the oldest built goes first. */
const MAX_SHAPES = 500;

function shapedOf<T>(db: Db, shape: string, make: () => ShapedStatement<T>): ShapedStatement<T> {
  let byShape = shapedStatements.get(db);
  if (!byShape) {
    byShape = new Map();
    shapedStatements.set(db, byShape);
  }
  let statement = byShape.get(shape) as ShapedStatement<T> | undefined;
  if (!statement) {
    statement = make();
    if (byShape.size >= MAX_SHAPES) byShape.delete(byShape.keys().next().value as string);
    byShape.set(shape, statement as ShapedStatement<unknown>);
  }
  return statement;
}

/**
 * A Drizzle select (rows mapped as usual) built and named once per `shape`, then executed with
 * `values` for its placeholders (`sql.placeholder(name)`): a hot request neither builds nor prints
 * the statement again — Drizzle's building was ~10 % of the server's CPU on a feed request
 * (ADR 0041) — and PostgreSQL plans it once per connection. `shape` must name everything the
 * statement's text depends on (which filters are given, their count), never a value.
 */
export function selectByShape<T>(
  db: Db,
  shape: string,
  build: () => { toSQL(): { sql: string }; prepare(name: string): ShapedStatement<T> },
): ShapedStatement<T> {
  return shapedOf(db, shape, () => {
    const query = build();
    return query.prepare(preparedName(shapePrefix(shape), query.toSQL().sql));
  });
}

/** `selectByShape` for raw SQL: rows as the database answers them, like `queryRowsPrepared`. */
export function rowsByShape<T>(db: Db, shape: string, build: () => SQL): ShapedStatement<T[]> {
  return shapedOf(db, shape, () => {
    const internals = db as unknown as DrizzleInternals;
    const built = internals.dialect.sqlToQuery(build());
    const prepared = internals.session.prepareQuery(
      built,
      undefined,
      preparedName(shapePrefix(shape), built.sql),
      false,
    );
    return {
      execute: async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows,
    };
  });
}
