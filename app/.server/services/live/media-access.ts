import { LIVE_TEXTS } from "~/domain/live";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { isViewer } from "./join-live";
import { findBroadcaster, loadLive } from "./live-access";

export type MediaRole = { role: "publish" } | { role: "subscribe"; viewerId: string };

export type MediaAccessResult =
  | { ok: true; liveId: string; broadcasterId: string; broadcasterName: string }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "ended" }
  | { ok: false; error: "invalid"; message: string; field: string };

/**
 * Who may open a media connection to a live (`POST /api/lives/{id}/media`): to publish, only its
 * broadcaster herself (not her store: the camera is hers); to watch, a viewer the live admitted
 * (`POST …/viewers`, under the cap) — so the cap holds for the media too. The live must be on.
 */
export async function authorizeMedia({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer | null;
  input: { liveId: string } & MediaRole;
}): Promise<MediaAccessResult> {
  if (input.role === "publish" && actor && roleRefusal(actor, "live.start"))
    return { ok: false, error: "forbidden" };
  const live = await loadLive(db, input.liveId);
  if (!live) return { ok: false, error: "not_found" };
  if (input.role === "publish" && live.broadcaster_id !== actor?.uid)
    return { ok: false, error: "not_found" };
  if (live.status !== "live") return { ok: false, error: "ended" };
  if (input.role === "subscribe" && !(await isViewer(db, live.live_id, input.viewerId)))
    return { ok: false, error: "invalid", message: LIVE_TEXTS.viewerUnknown, field: "viewer_id" };
  const broadcaster = await findBroadcaster(db, live.broadcaster_id);
  return {
    ok: true,
    liveId: live.live_id,
    broadcasterId: live.broadcaster_id,
    broadcasterName: broadcaster?.name ?? "",
  };
}
