import { getViewer } from "~/.server/auth/viewer";
import { roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { deleteComment } from "~/.server/services/live/moderate-live";
import type { Route } from "./+types/live-comment";

/**
 * `DELETE /api/lives/{id}/comments/{comment_id}` (the broadcaster, or the store of a staff
 * member's live): the comment vanishes for every viewer (`comment-deleted`). 200 `{comment_id,
 * deleted}` (false when it was already gone).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return apiError("invalid-argument", "DELETE で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.moderate");
  if (denied || !viewer) return denied;
  const result = await deleteComment({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id, commentId: params.commentId },
  });
  if (!result.ok) return liveRefusal(result);
  return privateJson({ comment_id: result.comment_id, deleted: result.deleted });
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
