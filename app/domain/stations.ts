import { z } from "zod";
import { latParam, lngParam } from "./geo";
import {
  distanceMetres,
  normalizeLineName,
  normalizeStationName,
  STATION_NAME_MAX,
  WALK_METRES_PER_MINUTE,
  WALK_MINUTES_MAX,
  walkMinutesFor,
} from "./store-intro";

/*
 * Station look-ups on the station data (ADR 0056), pure so a unit table can hold known
 * coordinates: the stations nearest a pin (the store profile's suggestions, `GET /api/stations?lat=&lng=`),
 * stations by name (`?q=`), and whether a station and line typed in the form are in the data.
 */

/** One station of one line, as the data has it. */
export interface StationEntry {
  station: string;
  line: string;
  lat: number;
  lng: number;
}

/** A station near a point: its lines there, how far, and the walk estimated (ADR 0056). */
export interface StationSuggestion {
  station: string;
  lines: string[];
  distance_m: number;
  walk_minutes: number;
}

/** Suggestions: how many, and how far at most (an hour's walk: beyond it no minutes can be entered). */
export const STATION_SUGGESTIONS_DEFAULT = 6;
export const STATION_SUGGESTIONS_MAX = 20;
export const STATION_SEARCH_RADIUS_M = WALK_MINUTES_MAX * WALK_METRES_PER_MINUTE;
/** Platforms of one station lie apart (新宿: 400 m): same-named entries this close are one station. */
const SAME_STATION_M = 1_000;

export const STATION_API_MESSAGES = {
  query: "駅名か位置（緯度と経度）を指定してください",
  limit: `件数は1〜${STATION_SUGGESTIONS_MAX}で指定してください`,
  q: `駅名は${STATION_NAME_MAX}文字以内で指定してください`,
} as const;

/**
 * The stations nearest `point` within `maxMetres`, nearest first, one item a station (its lines
 * gathered, nearest platform's distance), at most `limit`.
 */
export function nearestStations(
  entries: readonly StationEntry[],
  point: { lat: number; lng: number },
  { limit = STATION_SUGGESTIONS_DEFAULT, maxMetres = STATION_SEARCH_RADIUS_M } = {},
): StationSuggestion[] {
  // A box around the point first (cheap), then the great-circle distance.
  const dLat = maxMetres / 111_000;
  const dLng = maxMetres / (111_000 * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
  const near: { entry: StationEntry; metres: number }[] = [];
  for (const entry of entries) {
    if (Math.abs(entry.lat - point.lat) > dLat || Math.abs(entry.lng - point.lng) > dLng) continue;
    const metres = distanceMetres(point, entry);
    if (metres <= maxMetres) near.push({ entry, metres });
  }
  near.sort((a, b) => a.metres - b.metres || a.entry.line.localeCompare(b.entry.line, "ja"));
  return groupStations(near, limit);
}

function groupStations(
  sorted: readonly { entry: StationEntry; metres: number }[],
  limit: number,
): StationSuggestion[] {
  const groups: (StationSuggestion & { at: StationEntry })[] = [];
  for (const { entry, metres } of sorted) {
    const group = groups.find(
      (g) => g.station === entry.station && distanceMetres(g.at, entry) <= SAME_STATION_M,
    );
    if (group) {
      if (!group.lines.includes(entry.line)) group.lines.push(entry.line);
      continue;
    }
    if (groups.length >= limit) continue;
    groups.push({
      station: entry.station,
      lines: [entry.line],
      distance_m: Math.round(metres),
      walk_minutes: walkMinutesFor(metres),
      at: entry,
    });
  }
  return groups.map(({ at: _at, ...suggestion }) => suggestion);
}

/**
 * Stations whose name starts with (then contains) `q`, one item a station; nearest `point` first
 * when one is given (its distance and walk filled in), else by name. Without a point the
 * distance and walk are 0.
 */
export function stationsNamed(
  entries: readonly StationEntry[],
  q: string,
  {
    point,
    limit = STATION_SUGGESTIONS_DEFAULT,
  }: { point?: { lat: number; lng: number }; limit?: number } = {},
): StationSuggestion[] {
  const wanted = normalizeStationName(q);
  if (wanted === "") return [];
  const hits = entries
    .map((entry) => ({
      entry,
      rank:
        entry.station === wanted
          ? 0
          : entry.station.startsWith(wanted)
            ? 1
            : entry.station.includes(wanted)
              ? 2
              : 3,
      metres: point ? distanceMetres(point, entry) : 0,
    }))
    .filter((hit) => hit.rank < 3)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.metres - b.metres ||
        a.entry.station.localeCompare(b.entry.station, "ja") ||
        a.entry.line.localeCompare(b.entry.line, "ja"),
    );
  const groups = groupStations(hits, limit);
  return point ? groups : groups.map((g) => ({ ...g, distance_m: 0, walk_minutes: 0 }));
}

export type StationMatch =
  | { ok: true; station: string; line: string }
  | { ok: false; error: "unknown_station" }
  | { ok: false; error: "unknown_line"; station: string; lines: string[] };

/**
 * Whether a station and a line as typed are in the data, and their names as the data writes them.
 * The line may be given in part when that names one line of the station (「山手線」 for
 * 「JR山手線」); a station of one line needs no line.
 */
export function matchStation(entries: readonly StationEntry[], station: string, line: string): StationMatch {
  const name = normalizeStationName(station);
  const atStation = entries.filter((entry) => entry.station === name);
  if (atStation.length === 0) return { ok: false, error: "unknown_station" };
  const lines = [...new Set(atStation.map((entry) => entry.line))];
  const typed = normalizeLineName(line);
  const exact = lines.find((candidate) => normalizeLineName(candidate) === typed);
  if (exact) return { ok: true, station: name, line: exact };
  const partial =
    typed === "" ? lines : lines.filter((candidate) => normalizeLineName(candidate).includes(typed));
  if (partial.length === 1) return { ok: true, station: name, line: partial[0]! };
  return { ok: false, error: "unknown_line", station: name, lines };
}

/** `GET /api/stations`: `lat` and `lng` (nearest first), or `q` (by name; nearest first with a position too). */
export const StationQuerySchema = z
  .object({
    q: z
      .preprocess(
        (v) => (Array.isArray(v) ? v[0] : v),
        z.string().max(STATION_NAME_MAX, STATION_API_MESSAGES.q).optional(),
      )
      .meta({
        description: `a station's name or its start (「新宿」, 「新宿駅」), at most ${STATION_NAME_MAX} characters`,
      }),
    lat: latParam.optional().meta({ description: "latitude of the position (WGS84)" }),
    lng: lngParam.optional().meta({ description: "longitude of the position (WGS84)" }),
    limit: z
      .preprocess(
        (v) => (Array.isArray(v) ? v[0] : v),
        z
          .string()
          .regex(/^\d{1,2}$/, STATION_API_MESSAGES.limit)
          .transform(Number)
          .refine((n) => n >= 1 && n <= STATION_SUGGESTIONS_MAX, STATION_API_MESSAGES.limit)
          .optional(),
      )
      .meta({
        description: `the most items answered, 1–${STATION_SUGGESTIONS_MAX} (${STATION_SUGGESTIONS_DEFAULT} by default)`,
      }),
  })
  .superRefine((v, ctx) => {
    const position = v.lat !== undefined && v.lng !== undefined;
    if ((v.lat === undefined) !== (v.lng === undefined) || (!position && !v.q?.trim()))
      ctx.addIssue({ code: "custom", message: STATION_API_MESSAGES.query });
  });
