import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { estimateLiverBill } from "~/.server/services/directory/estimate-liver-bill";
import { parseEstimateQuery } from "~/domain/estimate-query";
import type { Route } from "./+types/liver-estimate";

/**
 * `GET /api/livers/{id}/estimate`: the estimated bill at a public store (ADR 0057). A wrong
 * parameter is a 400 naming the field in Japanese (`field` says which); a store that is not
 * public is a 404, as `GET /api/livers/{id}` answers.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const parsed = parseEstimateQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message, { field: parsed.field });
  const viewer = await getViewer(request, context);
  const result = await estimateLiverBill({
    db: context.db,
    actor: viewer,
    input: { liverId: params.id, query: parsed.value },
  });
  if (!result.ok) {
    if (result.error === "not_found") return apiError("not-found", "店舗が見つかりません");
    return apiError("invalid-argument", result.message, { field: result.field });
  }
  const { ok: _ok, ...answer } = result;
  return publicJson(answer, viewer);
}
