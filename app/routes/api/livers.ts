import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { searchLivers } from "~/.server/services/directory/search-livers";
import { parseLiverSearch } from "~/domain/directory-search";
import type { Route } from "./+types/livers";

/** `GET /api/livers` (ADR 0020): public stores, filtered and paged by the database. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseLiverSearch(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  const viewer = await getViewer(request, context);
  return publicJson(await searchLivers({ db: context.db, actor: viewer, input: parsed.value }), viewer);
}
