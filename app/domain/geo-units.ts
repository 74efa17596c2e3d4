/**
 * Distances and positions of the map and GPS search (ADR 0028) as the pages use them in the
 * browser: no schema and no area tree (the query schemas are in geo.ts).
 */

/**
 * Radius in metres of the sphere earthdistance measures on (its `earth()` function): the
 * distances of the API are great-circle distances on it, and the tests compare with the same.
 */
export const EARTH_RADIUS_M = 6_378_168;
/** The post map shows the posts of this many days (ADR 0028). */
export const POST_MAP_DAYS = 7;

/** West, south, east, north. */
export type Bbox = [west: number, south: number, east: number, north: number];

const DECIMAL = /^[+-]?\d{1,3}(\.\d{1,15})?$/;

/** A decimal degree within [min, max]; anything else is the given message. */
export function parseDegree(raw: string, min: number, max: number): number | undefined {
  const text = raw.normalize("NFKC").trim();
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

/** "350 m", "1.2 km", "12 km": how far a store is, as people say it. */
export function formatDistance(metres: number): string {
  const tens = Math.max(10, Math.round(metres / 10) * 10);
  if (tens < 1_000) return `${tens} m`;
  const tenths = Math.round(metres / 100) / 10;
  if (tenths < 10) return `${tenths.toFixed(1)} km`;
  return `${Math.round(metres / 1_000)} km`;
}
