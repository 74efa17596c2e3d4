import { getViewer } from "~/.server/auth/viewer";
import { publicJson, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { listOwnRooms } from "~/.server/services/chat/list-own-rooms";
import { parsePaging } from "~/domain/query-params";
import type { Route } from "./+types/listener-rooms";

/** `GET /api/listeners/rooms` (listener or staff): own chat rooms with the counterpart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "room.list");
  if (denied || !viewer) return denied;
  const paging = parsePaging(new URL(request.url).searchParams);
  if (!paging.ok) return apiError("invalid-argument", paging.message);
  const result = await listOwnRooms({ db: context.db, actor: viewer, input: paging.value });
  if (!result.ok) return apiError("permission-denied", "このアカウントでは利用できません");
  const { ok: _ok, ...page } = result;
  return publicJson(page, viewer);
}
