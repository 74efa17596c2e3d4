import { getViewer } from "~/.server/auth/viewer";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson } from "~/.server/http/live-answers";
import { hitRateLimit } from "~/.server/rate-limit/rate-limiter";
import { RATE_LIMITS } from "~/.server/rate-limit/rules";
import { joinLive } from "~/.server/services/live/join-live";
import { liveSettings } from "~/.server/services/live/live-settings";
import type { Route } from "./+types/live-viewers";

/**
 * `POST /api/lives/{id}/viewers` (anyone; watching needs no account): a tab starts watching →
 * 201 `{viewer_id, viewer_count}`; 429 「満員です」 when the live holds its cap of viewers.
 * Joins are counted per client address (generous: phones behind one carrier address).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const rate = await hitRateLimit(context.db, RATE_LIMITS.liveJoinPerIp, context.clientIp);
  if (!rate.allowed)
    return liveRefusal({
      error: "rate_limited",
      message: "アクセスが集中しています。しばらくしてからもう一度お試しください。",
      retryAfterSeconds: rate.retryAfterSeconds,
    });
  const result = await joinLive({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id },
    settings: await liveSettings(context),
  });
  if (!result.ok) return liveRefusal(result);
  return privateJson({ viewer_id: result.viewer_id, viewer_count: result.viewer_count }, 201);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
