import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { listLiverStaffs } from "~/.server/services/directory/list-liver-staffs";
import { parsePaging } from "~/domain/query-params";
import type { Route } from "./+types/liver-staffs";

/** `GET /api/livers/{id}/staffs`: the store's publicly listed staff in `order`. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const paging = parsePaging(new URL(request.url).searchParams);
  if (!paging.ok) return apiError("invalid-argument", paging.message);
  const viewer = await getViewer(request, context);
  const result = await listLiverStaffs({
    db: context.db,
    actor: viewer,
    input: { liverId: params.id, ...paging.value },
  });
  if (!result.ok) return apiError("not-found", "店舗が見つかりません");
  const { ok: _ok, ...page } = result;
  return publicJson(page, viewer);
}
