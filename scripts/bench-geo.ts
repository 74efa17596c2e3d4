/**
 * The geo section of `npm run bench` (ADR 0028): `GET /api/livers/nearby` with a 3 km radius
 * around the nightlife centres of central Tokyo on the large data set, the statement the service
 * sends at the same concurrency, and a minimal raw query on the same GiST index — the target is
 * p95 ≤ 30 ms for the endpoint and the service's SQL within 2× of the raw query.
 */
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../app/.server/db/client";
import { buildNearbySearch } from "../app/.server/services/geo/list-nearby-livers";
import { parseNearbySearch } from "../app/domain/geo";

/** Shinjuku, Shibuya, Ginza, Roppongi, Ikebukuro, Ueno. */
export const CENTRAL_TOKYO: [number, number][] = [
  [35.6938, 139.7034],
  [35.6595, 139.7005],
  [35.6717, 139.765],
  [35.6628, 139.7314],
  [35.7295, 139.7109],
  [35.7138, 139.777],
];

export const GEO_TARGETS = { p95Ms: 30, serviceRawRatio: 2 };

export const nearbyPaths = (radius = 3_000) =>
  CENTRAL_TOKYO.map(([lat, lng]) => `/api/livers/nearby?lat=${lat}&lng=${lng}&radius=${radius}`);

type Query = { sql: string; params: unknown[] };
const dialect = new PgDialect();
const printed = (statement: SQL): Query => dialect.sqlToQuery(statement);

/** What the service sends for a path (one statement: the page with its total). */
export function serviceQuery(database: Database, path: string): Query {
  const parsed = parseNearbySearch(new URLSearchParams(path.split("?")[1] ?? ""));
  if (!parsed.ok) throw new Error(parsed.message);
  return buildNearbySearch(database.db, parsed.value, null).query.toSQL();
}

/**
 * The least a nearby page can be, as a person would write it with earthdistance: ids and
 * distances of the nearest ten, on the same index (the service computes the distance with a
 * cheaper formula on the same sphere, so it may beat this).
 */
export function rawQuery(path: string): Query {
  const query = new URLSearchParams(path.split("?")[1] ?? "");
  const [lat, lng, radius] = ["lat", "lng", "radius"].map((name) => Number(query.get(name)));
  return printed(sql`
    select uid, earth_distance(ll_to_earth(${lat}::float8, ${lng}::float8), ll_to_earth(lat, lng)) as d
    from livers
    where status = 'public' and lat is not null and lng is not null
      and earth_box(ll_to_earth(${lat}::float8, ${lng}::float8), ${radius}::float8) @> ll_to_earth(lat, lng)
      and earth_distance(ll_to_earth(${lat}::float8, ${lng}::float8), ll_to_earth(lat, lng)) <= ${radius}::float8
    order by d
    limit 10`);
}

/** How many public stores each point has within the radius (printed with the figures). */
export async function storesWithin(database: Database, radius = 3_000): Promise<number[]> {
  const out: number[] = [];
  for (const [lat, lng] of CENTRAL_TOKYO) {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from livers where status = 'public' and lat is not null and lng is not null and earth_box(ll_to_earth(${lat}::float8, ${lng}::float8), ${radius}::float8) @> ll_to_earth(lat, lng) and earth_distance(ll_to_earth(${lat}::float8, ${lng}::float8), ll_to_earth(lat, lng)) <= ${radius}::float8`,
    )) as unknown as { rows: { n: number }[] };
    out.push(Number(result.rows[0]?.n ?? 0));
  }
  return out;
}
