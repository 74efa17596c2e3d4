/**
 * Map and GPS search (ADR 0028): the query of `GET /api/livers/nearby` and `/gps`, the query
 * of the post map (`GET /api/posts/map`, `/search/sns`). The units and helpers the pages use in
 * the browser are in geo-units.ts (these schemas take the directory's filters, and with them the
 * area tree).
 */
import { z } from "zod";
import { LiverFiltersShape, mergeLiverIds } from "./directory-search";
import { type Bbox, parseDegree } from "./geo-units";
import { POST_SOURCES } from "./posts";
import { enumList, integerParam, parseWith, type Query, single } from "./query-params";

export const NEARBY_RADIUS_DEFAULT = 3_000;
export const NEARBY_RADIUS_MAX = 50_000;

export const GEO_MESSAGES = {
  // In Japanese words only, like SEARCH_MESSAGES: no parameter names.
  lat: "緯度は -90〜90 の数値で指定してください",
  lng: "経度は -180〜180 の数値で指定してください",
  bbox: "地図の範囲は 西の経度,南の緯度,東の経度,北の緯度 の4つの数値で指定してください",
  position_required: "現在地（緯度と経度）を指定してください",
} as const;

function degreeParam(min: number, max: number, message: string) {
  return z
    .preprocess(
      single,
      z.string({ error: message }).transform((s, ctx) => {
        const value = parseDegree(s, min, max);
        if (value === undefined) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return value;
      }),
    )
    .meta({ override: { type: "number", minimum: min, maximum: max } });
}

export const latParam = degreeParam(-90, 90, GEO_MESSAGES.lat);
export const lngParam = degreeParam(-180, 180, GEO_MESSAGES.lng);

/** `GET /api/livers/nearby` and `/gps?lat=&lng=`: a position, a radius and the store filters. */
export const NearbySearchSchema = LiverFiltersShape.extend({
  lat: latParam.meta({ description: "latitude of the position (WGS84)" }),
  lng: lngParam.meta({ description: "longitude of the position (WGS84)" }),
  radius: integerParam("radius", 1, NEARBY_RADIUS_MAX, { default: NEARBY_RADIUS_DEFAULT })
    .meta({ description: `metres, at most ${NEARBY_RADIUS_MAX}` })
    .transform((v) => v ?? NEARBY_RADIUS_DEFAULT),
}).transform(mergeLiverIds);

export type NearbySearch = z.output<typeof NearbySearchSchema>;
export const parseNearbySearch = (query: Query | URLSearchParams) => parseWith(NearbySearchSchema, query);

const bboxParam = z
  .preprocess(
    (v) => (Array.isArray(v) ? v : undefined),
    z.array(z.string(), { error: GEO_MESSAGES.bbox }).transform((parts, ctx): Bbox => {
      const [west, south, east, north] = [
        parseDegree(parts[0] ?? "", -180, 180),
        parseDegree(parts[1] ?? "", -90, 90),
        parseDegree(parts[2] ?? "", -180, 180),
        parseDegree(parts[3] ?? "", -90, 90),
      ];
      if (
        parts.length !== 4 ||
        west === undefined ||
        south === undefined ||
        east === undefined ||
        north === undefined ||
        south > north ||
        west > east
      ) {
        ctx.addIssue({ code: "custom", message: GEO_MESSAGES.bbox });
        return z.NEVER;
      }
      return [west, south, east, north];
    }),
  )
  .meta({
    param: { style: "form", explode: false },
    override: { type: "array", items: { type: "number" }, minItems: 4, maxItems: 4 },
    description: "west,south,east,north in degrees (the visible map)",
  });

/** `GET /api/posts/map`: the posts of the last days in a box, clustered for a zoom level. */
export const PostMapQuerySchema = z.object({
  bbox: bboxParam,
  zoom: integerParam("zoom", 0, 22, { default: 12 })
    .meta({ description: "map zoom level: how coarse the clusters are" })
    .transform((v) => v ?? 12),
  source: enumList("source", POST_SOURCES).meta({ description: "any of" }),
});

export type PostMapQuery = z.output<typeof PostMapQuerySchema>;
export const parsePostMapQuery = (query: Query | URLSearchParams) => parseWith(PostMapQuerySchema, query);

/**
 * How many geohash characters make one cluster at a map zoom level: a cell a little smaller
 * than a marker's neighbourhood on screen, one store per marker from zoom 17 on.
 */
export function clusterPrecision(zoom: number): number {
  if (zoom <= 4) return 2;
  if (zoom <= 7) return 3;
  if (zoom <= 9) return 4;
  if (zoom <= 12) return 5;
  if (zoom <= 14) return 6;
  if (zoom <= 16) return 7;
  return 9;
}
