import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { getPublicStaff } from "~/.server/services/directory/get-public-staff";
import { lookupFromParams } from "~/.server/services/shared/staff-query";
import type { Route } from "./+types/staff";

/** `GET /api/staffs/{id}` and `GET /api/staffs/slug/{slug}`: one publicly listed staff member, 404 otherwise. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const result = await getPublicStaff({ db: context.db, actor: viewer, input: lookupFromParams(params) });
  if (!result.ok) return apiError("not-found", "キャストが見つかりません");
  return publicJson(result.detail.staff, viewer);
}
