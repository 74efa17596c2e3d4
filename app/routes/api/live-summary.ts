import { getViewer } from "~/.server/auth/viewer";
import { roleError } from "~/.server/http/api-json";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { liveSettings } from "~/.server/services/live/live-settings";
import { readLiveSummary } from "~/.server/services/live/live-summary";
import type { Route } from "./+types/live-summary";

/**
 * `GET /api/lives/{id}/summary` (the broadcaster and her store, ADR 0043) → duration, peak and
 * unique viewers, comments, gifts, points, new followers and the top fans. 404 another's live.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.summary.read");
  if (denied || !viewer) return denied;
  const result = await readLiveSummary({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id },
    settings: await liveSettings(context),
  });
  if (!result.ok)
    return liveRefusal({ error: result.error === "unauthenticated" ? "forbidden" : result.error });
  return privateJson(result.summary);
}
