import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { listNearbyLivers } from "~/.server/services/geo/list-nearby-livers";
import { parseNearbySearch } from "~/domain/geo";
import type { Route } from "./+types/livers-nearby";

/** `GET /api/livers/nearby` (ADR 0028): public stores around a position, nearest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseNearbySearch(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  const viewer = await getViewer(request, context);
  return publicJson(await listNearbyLivers({ db: context.db, actor: viewer, input: parsed.value }), viewer);
}
