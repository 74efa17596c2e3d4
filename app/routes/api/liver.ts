import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { getPublicLiver } from "~/.server/services/directory/get-public-liver";
import { lookupFromParams } from "~/.server/services/shared/staff-query";
import type { Route } from "./+types/liver";

/** `GET /api/livers/{id}` and `GET /api/livers/slug/{slug}`: one public store, 404 otherwise. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const result = await getPublicLiver({ db: context.db, actor: viewer, input: lookupFromParams(params) });
  if (!result.ok) return apiError("not-found", "店舗が見つかりません");
  return publicJson(result.store, viewer);
}
