/**
 * The station data (ADR 0056): `GET /api/stations`, what the store profile's access chooser asks
 * for the stations near the store's pin or by name. Kept apart from ./paths.ts, which spreads
 * STATION_PATHS into API_PATHS.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  STATION_SEARCH_RADIUS_M,
  STATION_SUGGESTIONS_DEFAULT,
  STATION_SUGGESTIONS_MAX,
} from "~/domain/stations";
import { STATION_NAME_MAX, WALK_METRES_PER_MINUTE } from "~/domain/store-intro";
import { ErrorResponse, jsonResponse } from "./responses";

const StationQuery = z.object({
  q: z
    .string()
    .optional()
    .meta({
      description: `a station's name or its start (「新宿」, 「新宿駅」), at most ${STATION_NAME_MAX} characters`,
    }),
  lat: z.number().min(-90).max(90).optional().meta({ description: "latitude of the position (WGS84)" }),
  lng: z.number().min(-180).max(180).optional().meta({ description: "longitude of the position (WGS84)" }),
  limit: z
    .string()
    .regex(/^\d{1,2}$/)
    .optional()
    .meta({
      description: `the most items answered, 1–${STATION_SUGGESTIONS_MAX} (${STATION_SUGGESTIONS_DEFAULT} by default)`,
    }),
});

const StationSuggestion = z
  .object({
    station: z
      .string()
      .meta({ description: "the station's name as the data writes it, without 駅 (「新宿」)" }),
    lines: z.array(z.string()).meta({
      description: "its lines (「JR山手線」, 「東京メトロ丸ノ内線」), the nearest platform's first",
    }),
    distance_m: z.number().int().meta({
      description:
        "metres in a straight line from the position to the nearest platform; 0 without a position",
    }),
    walk_minutes: z
      .number()
      .int()
      .meta({
        description: `the walk estimated: distance_m ÷ ${WALK_METRES_PER_MINUTE} rounded up, at least 1; 0 without a position`,
      }),
  })
  .meta({
    id: "StationSuggestion",
    description: "A station of the station data, one item for all its lines.",
  });

const StationList = z
  .object({
    items: z.array(StationSuggestion).meta({ description: "nearest first (by name without a position)" }),
  })
  .meta({ id: "StationList" });

export const STATION_PATHS: ZodOpenApiPathsObject = {
  "/api/stations": {
    get: {
      summary: "Stations near a position or by name (the store profile's access chooser)",
      description: `With \`lat\` and \`lng\`, the stations within ${STATION_SEARCH_RADIUS_M.toLocaleString("en")} m (an hour's walk), nearest first; with \`q\`, the stations whose name starts with (then contains) it, nearest the position first when one is given. The data is 駅データ.jp's (through japan-train-data, ADR 0056). Open to anyone; no session needed.`,
      requestParams: { query: StationQuery },
      responses: {
        "200": {
          description: "OK",
          headers: z.object({
            "Cache-Control": z
              .string()
              .meta({ description: "public, max-age=86400 (the data changes with a deploy)" }),
          }),
          content: { "application/json": { schema: StationList } },
        },
        "400": jsonResponse(
          ErrorResponse,
          "invalid-argument: neither `q` nor both `lat` and `lng`, a position out of range, or `limit` not 1–20",
        ),
      },
    },
  },
};
