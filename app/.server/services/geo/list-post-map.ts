import { sql } from "drizzle-orm";
import { nearestArea } from "~/domain/areas";
import { clusterPrecision, type PostMapQuery } from "~/domain/geo";
import { POST_MAP_DAYS } from "~/domain/geo-units";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { livers, posts } from "../../db/schema";

export interface PostMapCluster {
  /** The geohash prefix the cluster is (its length follows the zoom). */
  cell: string;
  /** The mean position of its stores' pins. */
  lat: number;
  lng: number;
  /** Posts of the last days and stores that wrote them, in the cell. */
  posts: number;
  stores: number;
  /** Bounds of its stores' pins: a tap on a cluster zooms to them. */
  bbox: [number, number, number, number];
  /**
   * Where it is, for the list under the map: the prefecture of the nearest area for a cluster
   * wider than a city, the prefecture and that area otherwise ("東京都 歌舞伎町").
   */
  place: string;
  /** The store, when the cluster is one store: a tap opens its posts. */
  liver: { uid: string; store_name: string } | null;
}

const MAX_CLUSTERS = 500;

function placeOf(lat: number, lng: number, chars: number): string {
  const hit = nearestArea(lat, lng);
  if (!hit) return "";
  return chars <= 3 ? hit.prefecture.name : `${hit.prefecture.name} ${hit.area.name}`;
}

/**
 * `GET /api/posts/map` and `/search/sns` (ADR 0028): the public posts of the last 7 days at
 * their store's pin, inside the visible box, grouped by a geohash prefix whose length follows the
 * zoom (ADR 0028), so a phone gets a few hundred markers whatever the number of posts.
 */
export async function listPostMap({
  db,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: PostMapQuery;
  now?: Date;
}): Promise<{ clusters: PostMapCluster[] }> {
  const [west, south, east, north] = input.bbox;
  const since = new Date(now.getTime() - POST_MAP_DAYS * 86_400_000);
  const chars = clusterPrecision(input.zoom);
  const sources =
    input.source.length > 0
      ? sql`and ${posts.source} in (${sql.join(
          input.source.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await queryRows<{
    cell: string;
    lat: number;
    lng: number;
    posts: number;
    stores: number;
    west: number;
    south: number;
    east: number;
    north: number;
    liver_id: string;
    store_name: string;
  }>(
    db,
    sql`
      with recent as (
        select ${posts.liver_id} as liver_id, count(*)::int as posts
        from ${posts}
        where ${posts.status} = 'public' and ${posts.posted_at} >= ${since.toISOString()}::timestamptz ${sources}
        group by ${posts.liver_id}
      )
      select left(${livers.geohash}, ${chars}) as cell,
             avg(${livers.lat})::float8 as lat, avg(${livers.lng})::float8 as lng,
             sum(recent.posts)::int as posts, count(*)::int as stores,
             min(${livers.lng})::float8 as west, min(${livers.lat})::float8 as south,
             max(${livers.lng})::float8 as east, max(${livers.lat})::float8 as north,
             min(${livers.uid}) as liver_id, min(${livers.store_name}) as store_name
      from recent join ${livers} on ${livers.uid} = recent.liver_id
      where ${livers.status} = 'public' and ${livers.geohash} is not null
        and ${livers.lat} between ${south}::float8 and ${north}::float8
        and ${livers.lng} between ${west}::float8 and ${east}::float8
      group by 1
      order by posts desc, cell
      limit ${MAX_CLUSTERS}`,
  );
  return {
    clusters: rows.map((row) => ({
      cell: row.cell,
      lat: Number(row.lat),
      lng: Number(row.lng),
      posts: Number(row.posts),
      stores: Number(row.stores),
      bbox: [Number(row.west), Number(row.south), Number(row.east), Number(row.north)],
      place: placeOf(Number(row.lat), Number(row.lng), chars),
      liver: Number(row.stores) === 1 ? { uid: row.liver_id, store_name: row.store_name } : null,
    })),
  };
}
