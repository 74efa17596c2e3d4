import { apiError, cachedJson } from "~/.server/http/api-response";
import { searchStations } from "~/.server/services/platform/search-stations";
import { parseWith } from "~/domain/query-params";
import { StationQuerySchema } from "~/domain/stations";
import type { Route } from "./+types/stations";

const ONE_DAY_SECONDS = 86_400;

/**
 * `GET /api/stations?lat=&lng=` (the nearest stations, with distance and the walk estimated) and
 * `?q=` (by name): the store profile's access chooser (ADR 0056).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = parseWith(StationQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  return cachedJson(await searchStations({ input: parsed.value }), ONE_DAY_SECONDS);
}

export function action() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
