import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { NearbySearch } from "~/domain/geo";
import { EARTH_RADIUS_M } from "~/domain/geo-units";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema";
import { liverSearchConditions } from "../directory/search-livers";
import type { ListPage } from "../directory/search-staffs";
import { liverColumns, type PublicLiver, toPublicLiver } from "../shared/liver-query";

export type NearbyLiver = PublicLiver & { distance_m: number };

/**
 * The radius condition of a nearby search (ADR 0028): `earth_box` is the cube around the circle,
 * which the GiST index `livers_earth_idx` answers; the exact distance then drops the box's
 * corners. The distance is the haversine on earthdistance's own sphere in plain arithmetic (the
 * same number as `earth_distance`, at a third of its cost: that one is nested SQL functions). The
 * literal `status = 'public'` and the null checks repeat the index's predicate so the planner
 * may use it whatever the other filters are.
 */
export function nearbyConditions(search: Pick<NearbySearch, "lat" | "lng" | "radius">) {
  const lat = sql`${search.lat}::float8`;
  const lng = sql`${search.lng}::float8`;
  const origin = sql`ll_to_earth(${lat}, ${lng})`;
  const point = sql`ll_to_earth(${livers.lat}, ${livers.lng})`;
  const distance = sql<number>`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(power(sin(radians(${livers.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${livers.lat})) * power(sin(radians(${livers.lng} - ${lng}) / 2), 2)))))`;
  const where: SQL = sql`${livers.status} = 'public' and ${livers.lat} is not null and ${livers.lng} is not null and earth_box(${origin}, ${search.radius}::float8) @> ${point} and ${distance} <= ${search.radius}::float8`;
  return { where, distance };
}

/**
 * The page query of a nearby search (also what the bench prints). The candidates inside the
 * circle are found narrow (id and distance, with the total as a window count) and only the page's
 * ten are joined to their full rows: sorting the wide rows of every candidate cost three times
 * as much (ADR 0028).
 */
export function buildNearbySearch(db: Db, input: NearbySearch, listener: { uid: string } | null) {
  const { lat: _lat, lng: _lng, radius: _radius, page, pageSize, ...filters } = input;
  const near = nearbyConditions(input);
  const where = and(liverSearchConditions(filters), near.where)!;
  const candidates = db
    .select({ uid: livers.uid, d: sql<number>`${near.distance}`.as("d") })
    .from(livers)
    .where(where)
    .as("candidates");
  const pageRows = db
    .select({
      uid: candidates.uid,
      d: candidates.d,
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(candidates)
    .orderBy(candidates.d, candidates.uid)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_rows");
  const query = db
    .select({
      ...liverColumns(listener),
      distance_m: sql<number>`round(${pageRows.d})::int`.mapWith(Number),
      total: sql<number>`${pageRows.total}`.mapWith(Number),
    })
    .from(pageRows)
    .innerJoin(livers, eq(livers.uid, pageRows.uid))
    .orderBy(pageRows.d, asc(pageRows.uid));
  return { query, where };
}

/**
 * `GET /api/livers/nearby` and `/gps`: public stores within `radius` metres of a position with
 * the usual store filters, nearest first (then by id), each with its distance in whole metres.
 */
export async function listNearbyLivers({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer | null;
  input: NearbySearch;
}): Promise<ListPage<NearbyLiver>> {
  const listener = actor?.type === "listener" ? { uid: actor.uid } : null;
  const { query, where } = buildNearbySearch(db, input, listener);
  const rows = await query;
  // A page past the end has no row to carry the total: count it on its own then.
  const total =
    rows[0]?.total ??
    (input.page > 1 ? ((await db.select({ n: count() }).from(livers).where(where))[0]?.n ?? 0) : 0);
  return {
    items: rows.map(({ distance_m, total: _total, ...row }) => ({
      ...toPublicLiver(row, listener),
      distance_m,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
