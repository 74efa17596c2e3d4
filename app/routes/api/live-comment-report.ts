import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveRefusal, privateJson, reportJson } from "~/.server/http/live-answers";
import { reportComment } from "~/.server/services/live/moderate-live";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-comment-report";

/**
 * `POST /api/lives/{id}/comments/{comment_id}/report {reason}` (a listener): a report for the
 * operator's queue, keeping the comment and its neighbours → 201 (200: this listener had already
 * reported it).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.report");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", LIVE_TEXTS.unreadable);
  const reason = json && typeof json === "object" ? (json as { reason?: unknown }).reason : undefined;
  const result = await reportComment({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id, commentId: params.commentId, reason },
  });
  if (!result.ok) return liveRefusal(result, "reason");
  return privateJson(reportJson(result.report), result.created ? 201 : 200);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
