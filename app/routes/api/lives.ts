import { getViewer } from "~/.server/auth/viewer";
import { publicJson, readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { liveJson, liveRefusal, privateJson } from "~/.server/http/live-answers";
import { listLives } from "~/.server/services/live/read-lives";
import { startLive } from "~/.server/services/live/start-live";
import { LIVE_TEXTS, LiveListSchema } from "~/domain/live";
import { parseWith } from "~/domain/query-params";
import type { Route } from "./+types/lives";

/** `GET /api/lives?status=live|ended` (public): who is live now, or past lives, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseWith(LiveListSchema, new URL(request.url).searchParams);
  if (!query.ok) return apiError("invalid-argument", query.message);
  const page = await listLives({ db: context.db, input: query.value });
  // Short: who is live changes by the minute.
  return publicJson(page, null);
}

/**
 * `POST /api/lives {title}` (a staff member or a store): goes live → 201 with the live; 200 with
 * the live already on when the broadcaster is live (a second tap, a second tab).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "live.start");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", LIVE_TEXTS.unreadable);
  const title = json && typeof json === "object" ? (json as { title?: unknown }).title : undefined;
  const result = await startLive({ db: context.db, actor: viewer, input: { title } });
  if (!result.ok) return liveRefusal(result, "title");
  return privateJson(liveJson(result.live), result.created ? 201 : 200);
}
