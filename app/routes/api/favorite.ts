import { getViewer } from "~/.server/auth/viewer";
import { publicJson, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { unfollowTarget } from "~/.server/services/favorites/unfollow-target";
import { FAVORITE_MESSAGES } from "~/domain/favorites";
import type { Route } from "./+types/favorite";

/** `DELETE /api/favorites/{favorite_id}` (listener): unfollow one's own follow; someone else's is 404. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return apiError("invalid-argument", "DELETE で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "favorite.unfollow");
  if (denied || !viewer) return denied;
  const result = await unfollowTarget({
    db: context.db,
    actor: viewer,
    input: { favorite_id: params.favoriteId },
  });
  if (!result.ok) return apiError("not-found", FAVORITE_MESSAGES.favoriteNotFound);
  return publicJson(result, viewer);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
