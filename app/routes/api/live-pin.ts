import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { pinComment } from "~/.server/services/live/pin-comment";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-pin";

/**
 * `PUT /api/lives/{id}/pin {comment_id}` pins one comment of the live at the top for everyone;
 * `DELETE /api/lives/{id}/pin` takes it down (the broadcaster or her store, ADR 0043) → 200
 * `{comment}` (null when none), also published as `pin`. 400 the live is over or no `comment_id`;
 * 404 another's live, or no such comment shown in it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE")
    return apiError("invalid-argument", "PUT か DELETE で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.moderate");
  if (denied || !viewer) return denied;
  let commentId: string | null = null;
  if (request.method === "PUT") {
    const json = await readJsonBody(request);
    const id = json && typeof json === "object" ? (json as { comment_id?: unknown }).comment_id : undefined;
    if (typeof id !== "string" || id === "")
      return apiError("invalid-argument", LIVE_TEXTS.pinRequired, { field: "comment_id" });
    commentId = id;
  }
  const result = await pinComment({ db: context.db, actor: viewer, input: { liveId: params.id, commentId } });
  if (!result.ok)
    return result.error === "not_found" && commentId
      ? apiError("not-found", LIVE_TEXTS.commentNotFound, { field: "comment_id" })
      : liveRefusal(result);
  return privateJson(result.pin);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
