/**
 * Exact totals of the public directory without counting on every request (ADR 0013).
 *
 * A total (or the counts per matching class) is read in one statement together with
 * `directory_state.version`, which triggers change in the same transaction as anything a total
 * depends on. The pair comes from one snapshot, so this process may answer the same query with
 * the same total for as long as the version it reads stays the same. A remembered total is checked
 * by reading the version alone (a prepared primary-key read: planning the aggregate's statement
 * cost more than its skipped aggregate); a miss reads the aggregate with the version of its own
 * snapshot in one statement — one extra round trip after each change of the data.
 * The version is a random token, not a counter: it names one state of the data, so even a restored
 * backup can never answer with a total of another state.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows, queryRowsPrepared, rowsByShape } from "../../db/client";
import { directoryState } from "../../db/schema";

/** A query that can be embedded as a subquery and printed (Drizzle's select builders). */
interface AggregateQuery {
  getSQL(): SQL;
  toSQL(): { sql: string; params: unknown[] };
}

interface Entry {
  version: string;
  value: unknown;
}

/**
 * Whose total: `public` (the same for everyone: a filter combination) or `personal` (one
 * listener's, e.g. the follow feed, whose query carries the followed ids). Each has its own
 * memory, so many listeners' totals never push the public ones out.
 */
export type TotalScope = "public" | "personal";

/** Enough for every filter combination (or listener) in use at once; the oldest used goes first. */
const MAX_ENTRIES: Record<TotalScope, number> = { public: 2_000, personal: 5_000 };

/** Per database: tests open many in one process, and a total of one is never an answer for another. */
const caches = new WeakMap<Db, Record<TotalScope, Map<string, Entry>>>();

function cacheOf(db: Db, scope: TotalScope): Map<string, Entry> {
  let pair = caches.get(db);
  if (!pair) {
    pair = { public: new Map(), personal: new Map() };
    caches.set(db, pair);
  }
  return pair[scope];
}

/**
 * The statement of an aggregate: the version, and the aggregate only when the version is not
 * `known` ("" never is). Exported for the benchmark, which runs exactly this SQL.
 */
export function aggregateStatement(scalar: SQL, known: string): SQL {
  return sql`select ${directoryState.version}::text as version,
      case when ${directoryState.version}::text = ${known} then null else ${scalar} end as value
    from ${directoryState} where ${directoryState.id} = 1`;
}

const versionStatement = sql`select ${directoryState.version}::text as version from ${directoryState} where ${directoryState.id} = 1`;

/** The scalar of a total: `(select count(*) …)::int`. */
export const totalScalar = (countQuery: AggregateQuery): SQL => sql`(${countQuery})::int`;

/** The scalar of counts per class: `[[cls, n], …]` as JSON. */
export const classCountsScalar = (classesQuery: AggregateQuery): SQL =>
  sql`(select coalesce(json_agg(json_build_array(c.cls, c.n)), '[]'::json) from (${classesQuery}) as c(cls, n))`;

interface VersionedRow {
  version: string;
  value: unknown;
}

/**
 * The answer remembered under `key` while the version stays the same; otherwise `aggregate` (the
 * value and the version of one snapshot), remembered for the next request.
 */
async function remembered<T>(
  db: Db,
  key: string,
  aggregate: () => Promise<VersionedRow | undefined>,
  decode: (raw: unknown) => T,
  scope: TotalScope,
): Promise<T> {
  const cache = cacheOf(db, scope);
  const entry = cache.get(key);
  if (entry) {
    // A remembered answer: only the version is read — a tiny prepared statement, where the
    // aggregate's own statement costs its planning even when the CASE skips the aggregate.
    const [current] = await rowsByShape<{ version: string }>(
      db,
      "directory_version",
      () => versionStatement,
    ).execute();
    if (current?.version === entry.version) {
      // Most recently used last, so the oldest used is the first to go — unless another request
      // replaced or dropped the entry while this one waited.
      if (cache.get(key) === entry) {
        cache.delete(key);
        cache.set(key, entry);
      }
      return entry.value as T;
    }
  }
  // Nothing remembered, or the data changed: the aggregate and the version of the same snapshot.
  const row = await aggregate();
  if (!row) throw new Error("directory_state has no row: migration 0006 did not run");
  const value = decode(row.value);
  // Requests that count at once each store their answer; any of them is exact for its version.
  cache.delete(key);
  cache.set(key, { version: row.version, value });
  while (cache.size > MAX_ENTRIES[scope]) cache.delete(cache.keys().next().value as string);
  return value;
}

/** The statement that reads an aggregate with its version (prepared for personal totals). */
function aggregateOf(db: Db, scalar: SQL, scope: TotalScope) {
  // A personal total (one listener's follows) is the same text for every listener with the same
  // filters: prepared, it is planned once per connection instead of on every request.
  const statement = aggregateStatement(scalar, "");
  return async () =>
    (scope === "personal"
      ? await queryRowsPrepared<VersionedRow>(db, "total_personal", statement)
      : await queryRows<VersionedRow>(db, statement))[0];
}

/** A total or class counts of a built query, remembered under the query's text and parameters. */
async function rememberedQuery<T>(
  db: Db,
  query: AggregateQuery,
  scalar: SQL,
  decode: (raw: unknown) => T,
  scope: TotalScope,
): Promise<T> {
  const printed = query.toSQL();
  const key = JSON.stringify([printed.sql, printed.params]);
  return remembered(db, key, aggregateOf(db, scalar, scope), decode, scope);
}

/**
 * A total whose statement is built once per `shape` and run with `values` (ADR 0041): remembered
 * under the shape and the values, so a request that finds it remembered builds no SQL at all.
 * `shape` and `values` together must name everything the count depends on.
 */
export function directoryTotalByShape(
  db: Db,
  shape: string,
  values: Record<string, unknown>,
  countQuery: () => AggregateQuery,
  scope: TotalScope = "public",
): Promise<number> {
  return remembered(
    db,
    JSON.stringify([shape, values]),
    async () =>
      (
        await rowsByShape<VersionedRow>(db, shape, () =>
          aggregateStatement(totalScalar(countQuery()), ""),
        ).execute(values)
      )[0],
    (raw) => Number(raw ?? 0),
    scope,
  );
}

/**
 * `select count(*) …` of the directory, exact: counted again only after the directory changed.
 * Everything the total depends on must be in the query's text and parameters or change the version.
 */
export function directoryTotal(
  db: Db,
  countQuery: AggregateQuery,
  scope: TotalScope = "public",
): Promise<number> {
  return rememberedQuery(db, countQuery, totalScalar(countQuery), (raw) => Number(raw ?? 0), scope);
}

function decodeClassCounts(raw: unknown): { cls: number; n: number }[] {
  const pairs = (typeof raw === "string" ? JSON.parse(raw) : raw) as [number, number][];
  return pairs.map(([cls, n]) => ({ cls: Number(cls), n: Number(n) }));
}

/** `select cls, count(*) … group by cls`, exact: counted again only after the directory changed. */
export function directoryClassCounts(
  db: Db,
  classesQuery: AggregateQuery,
  scope: TotalScope = "public",
): Promise<{ cls: number; n: number }[]> {
  return rememberedQuery(db, classesQuery, classCountsScalar(classesQuery), decodeClassCounts, scope);
}

/**
 * `directoryClassCounts` remembered under the caller's `key` (ADR 0041): the query is built only
 * when it has to run, so a request that finds the counts remembered builds and prints no SQL.
 * `key` must name everything the query depends on (its filters, the listener's mask, the
 * followed authors).
 */
export function directoryClassCountsByKey(
  db: Db,
  key: string,
  classesQuery: () => AggregateQuery,
  scope: TotalScope = "public",
): Promise<{ cls: number; n: number }[]> {
  return remembered(
    db,
    key,
    () => aggregateOf(db, classCountsScalar(classesQuery()), scope)(),
    decodeClassCounts,
    scope,
  );
}
