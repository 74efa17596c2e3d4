import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { commentJson, liveRefusal, privateJson } from "~/.server/http/live-answers";
import { liveSettings } from "~/.server/services/live/live-settings";
import { postComment } from "~/.server/services/live/post-comment";
import { LIVE_TEXTS } from "~/domain/live";
import type { Route } from "./+types/live-comments";

/**
 * `POST /api/lives/{id}/comments {body}` (a listener) → 201 with the comment, which every viewer
 * also receives as a `comment` event. 400 (`field: body`): empty, over 200 characters, contact
 * details, a blocked word, or the live is over; 403 blocked by the broadcaster; 429 within 2 s.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.comment");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", LIVE_TEXTS.unreadable);
  const body = json && typeof json === "object" ? (json as { body?: unknown }).body : undefined;
  const result = await postComment({
    db: context.db,
    actor: viewer,
    input: { liveId: params.id, body },
    settings: await liveSettings(context),
  });
  if (!result.ok) return liveRefusal(result, "body");
  return privateJson(commentJson(result.comment), 201);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
