import { getViewer } from "~/.server/auth/viewer";
import { roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { readOwnFanLevel } from "~/.server/services/fans/read-fans";
import { liveSettings } from "~/.server/services/live/live-settings";
import type { Route } from "./+types/fans";

/**
 * `GET /api/fans?staff_id=|liver_id=` (a listener, ADR 0043) → her level and points for that
 * broadcaster this Tokyo month (`{broadcaster, month, level, points, next_level_points, coins,
 * comments, minutes}`). 400 neither or both ids; 404 no such listed broadcaster.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "fans.own.read");
  if (denied || !viewer) return denied;
  const url = new URL(request.url);
  const settings = await liveSettings(context);
  const result = await readOwnFanLevel({
    db: context.db,
    actor: viewer,
    input: { staffId: url.searchParams.get("staff_id"), liverId: url.searchParams.get("liver_id") },
    thresholds: settings.fanThresholds,
  });
  if (result.ok) return privateJson(result.fan);
  if (result.error === "invalid")
    return apiError("invalid-argument", result.message ?? "", { field: "staff_id" });
  if (result.error === "not_found") return apiError("not-found", "配信者が見つかりません");
  return apiError("permission-denied", "このアカウントでは利用できません");
}
