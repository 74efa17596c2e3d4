import { readJsonBody } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { leaveLive, touchViewer } from "~/.server/services/live/join-live";
import { liveSettings } from "~/.server/services/live/live-settings";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-viewer";

/**
 * `PUT /api/lives/{id}/viewers/{viewer_id}` `{visible?: boolean}` (every 15 s): still watching →
 * 200; 404 when the viewer is no longer counted (silent too long, or the live ended): the page
 * joins again. `visible` (the page is on screen) lets a signed-in listener's minute count.
 * `DELETE`: stopped watching (the page is closed) → 200; the count moves at once.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const input = { liveId: params.id, viewerId: params.viewerId };
  if (request.method === "PUT") {
    // A body is optional (older pages send none): anything but `{visible: true}` counts no minute.
    const json = request.headers.get("content-type")?.includes("json")
      ? await readJsonBody(request)
      : undefined;
    const visible = Boolean(
      json && typeof json === "object" && (json as { visible?: unknown }).visible === true,
    );
    const settings = await liveSettings(context);
    if (!(await touchViewer({ db: context.db, input: { ...input, visible }, settings })))
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
