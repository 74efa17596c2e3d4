import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { markNotificationsRead } from "~/.server/services/notifications/mark-notifications-read";
import type { Route } from "./+types/notifications-read";

/**
 * `POST /api/notifications/read` `{ids: [...]}` or `{all: true}` (ADR 0044) → `{marked,
 * unread}`. Ids that are not hers change nothing; 400 for any other body.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "notification.read");
  if (denied || !viewer) return denied;
  const result = await markNotificationsRead({
    db: context.db,
    actor: viewer,
    input: await readJsonBody(request),
  });
  if (result.ok) return privateJson({ marked: result.marked, unread: result.unread });
  if (result.error === "invalid")
    return apiError("invalid-argument", result.message ?? "", { field: result.field ?? "ids" });
  return apiError("permission-denied", "このアカウントでは利用できません");
}
