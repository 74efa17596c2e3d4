import { STATION_SUGGESTIONS_DEFAULT, type StationSuggestion } from "~/domain/stations";
import { type StationDirectory, stationData } from "../../integrations/stations/station-directory";

/**
 * Stations of the station data (ADR 0056) for the store profile's access chooser and
 * `GET /api/stations`: with a name, those whose name starts with (then contains) it, nearest the
 * position first when one is given; with a position alone, the nearest within an hour's walk,
 * each with its distance and the walk estimated (80 m a minute, rounded up). Public reference
 * data: no session needed.
 */
export async function searchStations({
  stations = stationData,
  input,
}: {
  stations?: StationDirectory;
  input: { q?: string; lat?: number; lng?: number; limit?: number };
}): Promise<{ items: StationSuggestion[] }> {
  const limit = input.limit ?? STATION_SUGGESTIONS_DEFAULT;
  const point =
    input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : undefined;
  const q = input.q?.trim() ?? "";
  if (q !== "") return { items: await stations.named(q, { point, limit }) };
  if (!point) return { items: [] };
  return { items: await stations.nearest(point, { limit }) };
}
