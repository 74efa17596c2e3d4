import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { subscribePush } from "~/.server/services/notifications/subscribe-push";
import { unsubscribePush } from "~/.server/services/notifications/unsubscribe-push";
import type { Route } from "./+types/push-subscriptions";

/**
 * `POST /api/push/subscriptions` `{endpoint, keys: {p256dh, auth}}` → 201, and `DELETE` `{endpoint}`
 * → 200 (ADR 0045): this device's web push for the signed-in account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE")
    return apiError("invalid-argument", "POST か DELETE で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "notification.settings");
  if (denied || !viewer) return denied;
  const input = await readJsonBody(request);
  if (request.method === "DELETE") {
    const result = await unsubscribePush({ db: context.db, actor: viewer, input });
    if (result.ok) return privateJson({ removed: result.removed });
    if (result.error === "invalid")
      return apiError("invalid-argument", result.message, { field: result.field });
    return apiError("permission-denied", "このアカウントでは利用できません");
  }
  const result = await subscribePush({
    db: context.db,
    actor: viewer,
    input,
    rules: { ...context.env.push, production: context.env.isProduction },
  });
  if (result.ok) return privateJson({ created: result.created }, 201);
  if (result.error === "invalid")
    return apiError("invalid-argument", result.message, { field: result.field });
  return apiError("permission-denied", "このアカウントでは利用できません");
}
