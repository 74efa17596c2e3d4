import {
  matchStation,
  nearestStations,
  type StationEntry,
  type StationMatch,
  type StationSuggestion,
  stationsNamed,
} from "~/domain/stations";

/**
 * The station directory (ADR 0056): a port, and its implementation on `station-data.json` — the
 * 10,485 stations of 555 lines of japan-train-data 0.6.0 (MIT; data of 駅データ.jp), cut down to
 * names and coordinates by scripts/build-station-data.mjs (420 kB). Loaded on first use, once per
 * process, as its own chunk of the server build; never imported by a client module, so the
 * browser only ever gets the few stations an answer holds (`GET /api/stations`, the profile form).
 */
export interface StationDirectory {
  /** The stations nearest a point (one item a station, its lines gathered), nearest first. */
  nearest(
    point: { lat: number; lng: number },
    options?: { limit?: number; maxMetres?: number },
  ): Promise<StationSuggestion[]>;
  /** Stations by name; nearest `point` first when given. */
  named(
    q: string,
    options?: { point?: { lat: number; lng: number }; limit?: number },
  ): Promise<StationSuggestion[]>;
  /** Whether a station and line are in the data, with the data's spelling. */
  match(station: string, line: string): Promise<StationMatch>;
}

interface StationData {
  lines: string[];
  stations: [station: string, line: number, lat: number, lng: number][];
}

async function load(): Promise<StationEntry[]> {
  const { default: data } = (await import("./station-data.json")) as unknown as { default: StationData };
  return data.stations.map(([station, line, lat, lng]) => ({ station, line: data.lines[line]!, lat, lng }));
}

let loading: Promise<StationEntry[]> | null = null;
const entries = () => {
  loading ??= load();
  return loading;
};

export const stationData: StationDirectory = {
  async nearest(point, options) {
    return nearestStations(await entries(), point, options);
  },
  async named(q, options) {
    return stationsNamed(await entries(), q, options);
  },
  async match(station, line) {
    return matchStation(await entries(), station, line);
  },
};
