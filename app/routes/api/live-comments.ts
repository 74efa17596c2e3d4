import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { commentJson, liveRefusal, privateJson } from "~/.server/http/live-answers";
import { liveSettings } from "~/.server/services/live/live-settings";
import { postBroadcasterComment } from "~/.server/services/live/post-broadcaster-comment";
import { postComment } from "~/.server/services/live/post-comment";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-comments";

/**
 * `POST /api/lives/{id}/comments {body}` (a listener, or the broadcaster herself: her comment shows
 * with 「配信者」, ADR 0043) → 201 with the comment, which every viewer also receives as a
 * `comment` event. 400 (`field: body`): empty, over 200 characters, contact details, a blocked
 * word, or the live is over; 403 blocked by the broadcaster, or an account that may not comment;
 * 404 another's live (for a broadcaster); 429 within 2 s.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const broadcaster = viewer?.type === "staff" || viewer?.type === "liver";
  const denied = roleError(viewer, broadcaster ? "live.talk" : "live.comment");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", LIVE_TEXTS.unreadable);
  const body = json && typeof json === "object" ? (json as { body?: unknown }).body : undefined;
  const input = { liveId: params.id, body };
  const settings = await liveSettings(context);
  const result = broadcaster
    ? await postBroadcasterComment({ db: context.db, actor: viewer, input, settings })
    : await postComment({ db: context.db, actor: viewer, input, settings });
  if (!result.ok) return liveRefusal(result, "body");
  return privateJson(commentJson(result.comment), 201);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
