import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { blockViewer } from "~/.server/services/live/moderate-live";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-blocks";

/**
 * `POST /api/lives/{id}/blocks {listener_id}` (the broadcaster, or the store of a staff member's
 * live): the listener, who commented in this live, can no longer comment in the broadcaster's
 * lives → 201 (200 when already blocked).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.moderate");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", LIVE_TEXTS.unreadable);
  const result = await blockViewer({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id, body: json },
  });
  if (!result.ok) return liveRefusal(result, "listener_id");
  return privateJson({ listener_id: result.listener_id, blocked: true }, result.created ? 201 : 200);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
