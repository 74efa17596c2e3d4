import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { listPostMap } from "~/.server/services/geo/list-post-map";
import { parsePostMapQuery } from "~/domain/geo";
import type { Route } from "./+types/posts-map";

/** `GET /api/posts/map` (`/search/sns`): the last 7 days' posts in a box, clustered by store pins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parsePostMapQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  const viewer = await getViewer(request, context);
  return publicJson(await listPostMap({ db: context.db, actor: viewer, input: parsed.value }), viewer);
}
