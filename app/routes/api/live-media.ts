import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { MediaError } from "~/.server/integrations/live-media/media-port";
import { authorizeMedia } from "~/.server/services/live/media-access";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-media";

/**
 * `POST /api/lives/{id}/media` — the media connection of a live (ADR 0031), one round trip:
 * `{role: "publish", sdp}` (the broadcaster's camera) or `{role: "subscribe", viewer_id, sdp}` (an
 * admitted viewer). Embedded mode answers 201 `{mode: "embedded", session_id, sdp}` (the SFU's
 * answer, candidates included); LiveKit mode 201 `{mode: "livekit", url, token, room}` (no sdp
 * needed). 400 `field: sdp` for an offer the SFU cannot use, 400 「配信は終了しました」 when the
 * viewer left or the live ended while it was answered; 409 when a newer offer of the same viewer or
 * broadcaster replaced this one; 503 when the SFU is unavailable.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const json = await readJsonBody(request);
  if (json === undefined || !json || typeof json !== "object")
    return apiError("invalid-argument", LIVE_TEXTS.unreadable);
  const body = json as { role?: unknown; viewer_id?: unknown; sdp?: unknown };
  const sdp = typeof body.sdp === "string" ? body.sdp : undefined;
  let role: { role: "publish" } | { role: "subscribe"; viewerId: string };
  if (body.role === "publish") {
    if (!viewer) return apiError("unauthenticated", "ログインしてください");
    role = { role: "publish" };
  } else if (body.role === "subscribe" && typeof body.viewer_id === "string" && body.viewer_id.length <= 64) {
    role = { role: "subscribe", viewerId: body.viewer_id };
  } else {
    return apiError("invalid-argument", LIVE_TEXTS.viewerUnknown, { field: "role" });
  }
  const access = await authorizeMedia({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id, ...role },
  });
  if (!access.ok) return access.error === "invalid" ? liveRefusal(access, access.field) : liveRefusal(access);
  const media = context.liveMedia;
  if (media.mode === "embedded" && !sdp)
    return apiError("invalid-argument", LIVE_TEXTS.sdpRequired, { field: "sdp" });
  try {
    const answer =
      role.role === "publish"
        ? await media.publish({
            liveId: access.liveId,
            broadcasterId: access.broadcasterId,
            broadcasterName: access.broadcasterName,
            sdp,
          })
        : await media.subscribe({ liveId: access.liveId, viewerId: role.viewerId, sdp });
    return privateJson(answer, 201);
  } catch (error) {
    if (error instanceof MediaError && error.code === "invalid")
      return apiError("invalid-argument", LIVE_TEXTS.sdpRequired, { field: "sdp" });
    if (error instanceof MediaError && error.code === "replaced")
      return apiError("aborted", LIVE_TEXTS.mediaReplaced);
    // Left or ended while the offer was answered: as an offer to an ended live is answered.
    if (error instanceof MediaError && error.code === "closed")
      return apiError("invalid-argument", LIVE_TEXTS.ended);
    console.error(`[live] media for ${access.liveId}: ${(error as Error).message}`);
    return apiError("unavailable", LIVE_TEXTS.mediaUnavailable);
  }
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
