import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { leaveLive, touchViewer } from "~/.server/services/live/join-live";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-viewer";

/**
 * `PUT /api/lives/{id}/viewers/{viewer_id}` (every 15 s): still watching → 200; 404 when the
 * viewer is no longer counted (silent too long, or the live ended): the page joins again.
 * `DELETE`: stopped watching (the page is closed) → 200; the count moves at once.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const input = { liveId: params.id, viewerId: params.viewerId };
  if (request.method === "PUT") {
    if (!(await touchViewer({ db: context.db, input })))
      return apiError("not-found", LIVE_TEXTS.viewerUnknown);
    return privateJson({ viewer_id: params.viewerId, watching: true });
  }
  if (request.method === "DELETE") {
    const left = await leaveLive({ db: context.db, input });
    // The media connection goes too (embedded: the SFU closes it; LiveKit: the browser leaves).
    await context.liveMedia.leave(params.id, params.viewerId).catch(() => {});
    return privateJson({ viewer_id: params.viewerId, watching: false, left });
  }
  return apiError("invalid-argument", "PUT か DELETE で送信してください");
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
