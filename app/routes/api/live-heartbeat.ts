import { getViewer } from "~/.server/auth/viewer";
import { roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { heartbeatLive } from "~/.server/services/live/heartbeat-live";
import type { Route } from "./+types/live-heartbeat";

/**
 * `POST /api/lives/{id}/heartbeat` (the broadcaster, every 10 s): still here. 30 s without one and
 * the server ends the live. Answers `{status, viewer_count, viewer_peak, comment_count}`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.end");
  if (denied || !viewer) return denied;
  const result = await heartbeatLive({ db: context.db, actor: viewer, input: { liveId: params.id } });
  if (!result.ok) return liveRefusal(result);
  const { ok: _ok, ...body } = result;
  return privateJson(body);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
