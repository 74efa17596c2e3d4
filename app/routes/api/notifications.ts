import { getViewer } from "~/.server/auth/viewer";
import { roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { listNotifications } from "~/.server/services/notifications/list-notifications";
import type { Route } from "./+types/notifications";

/**
 * `GET /api/notifications?before=&limit=` (a listener, store or staff member; ADR 0044) →
 * `{items: [{notification_id, kind, title, body, url, created_at, read_at}], unread, next_before}`,
 * newest first. 400 when `before` is not one of hers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "notification.read");
  if (denied || !viewer) return denied;
  const query = new URL(request.url).searchParams;
  const result = await listNotifications({
    db: context.db,
    actor: viewer,
    input: { before: query.get("before"), limit: query.get("limit") ?? undefined },
  });
  if (result.ok)
    return privateJson({ items: result.items, unread: result.unread, next_before: result.next_before });
  if (result.error === "invalid_before")
    return apiError("invalid-argument", "before に指定された通知が見つかりません", { field: "before" });
  return apiError("permission-denied", "このアカウントでは利用できません");
}
