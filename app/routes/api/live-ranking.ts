import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { loadLive } from "~/.server/services/live/live-access";
import { readRanking } from "~/.server/services/live/live-ranking";
import { liveSettings } from "~/.server/services/live/live-settings";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-ranking";

/**
 * `GET /api/lives/{id}/ranking` (public, ADR 0043) → `{items: [{rank, listener: {nickname,
 * image_url, fan_level}, coins}]}`: the live's top 20 supporters by coins gifted in it; a listener
 * who hides from rankings is 「匿名のリスナー」. 404 for no such live.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const live = await loadLive(context.db, params.id);
  if (!live) return apiError("not-found", LIVE_TEXTS.liveNotFound);
  const settings = await liveSettings(context);
  const items = await readRanking(context.db, {
    liveId: live.live_id,
    broadcasterId: live.broadcaster_id,
    thresholds: settings.fanThresholds,
  });
  return publicJson({ items }, await getViewer(request, context));
}
