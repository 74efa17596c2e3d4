import type { AppLoadContext } from "react-router";
import type { Viewer } from "../auth/viewer";
import { getBroadcasterPanel } from "../services/live/broadcaster-panel";
import { liveSettings } from "../services/live/live-settings";

/**
 * What the broadcaster panel of `/staff/mypage` and `/liver/mypage` needs from the server: the
 * account's live (if on) and the media transport's settings for the browser (ADR 0031).
 */
export async function broadcasterPanelData(context: AppLoadContext, viewer: Viewer) {
  const settings = await liveSettings(context);
  const panel = await getBroadcasterPanel({ db: context.db, actor: viewer, settings });
  if (!panel) return null;
  return {
    ...panel,
    summaryBase: viewer.type === "staff" ? "/staff/mypage/lives" : "/liver/mypage/lives",
    media: { mode: context.env.live.media, iceServers: context.env.live.iceServers },
  };
}
