import { getViewer } from "~/.server/auth/viewer";
import { roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveJson, liveRefusal, privateJson } from "~/.server/http/live-answers";
import { endLive } from "~/.server/services/live/end-live";
import type { Route } from "./+types/live-end";

/**
 * `POST /api/lives/{id}/end`: the broadcaster, or the store of a staff member's live, ends it →
 * 200 with the ended live (its peak viewers and comment count). Another's live: 404.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.end");
  if (denied || !viewer) return denied;
  const result = await endLive({ db: context.db, actor: viewer, input: { liveId: params.id } });
  if (!result.ok) return liveRefusal(result);
  // The media go after the row: the viewers already heard `ended` from the stream.
  await context.liveMedia.endLive(result.live.live_id).catch(() => {});
  return privateJson(liveJson(result.live));
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
