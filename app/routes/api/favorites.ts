import { getViewer } from "~/.server/auth/viewer";
import { publicJson, readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { listFavorites } from "~/.server/services/favorites/list-favorites";
import { FAVORITE_MESSAGES, FollowTargetSchema } from "~/domain/favorites";
import { parseFavoriteList } from "~/domain/query-params";
import type { Route } from "./+types/favorites";

/** `GET /api/favorites` (listener): own follows, newest first; `?kind=staff|liver` narrows them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "favorite.list");
  if (denied || !viewer) return denied;
  const parsed = parseFavoriteList(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  const result = await listFavorites({ db: context.db, actor: viewer, input: parsed.value });
  if (!result.ok) return apiError("permission-denied", "このアカウントでは利用できません");
  const { ok: _ok, ...page } = result;
  return publicJson(page, viewer);
}

/** `POST /api/favorites` `{staff_id}` or `{liver_id}` (listener): follow; 201 when new, 200 when already followed. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "favorite.follow");
  if (denied || !viewer) return denied;
  const body = FollowTargetSchema.safeParse(await readJsonBody(request));
  if (!body.success) return apiError("invalid-argument", FAVORITE_MESSAGES.target);
  const result = await followTarget({ db: context.db, actor: viewer, input: body.data });
  if (!result.ok) {
    return result.error === "forbidden"
      ? apiError("permission-denied", "このアカウントでは利用できません")
      : apiError("not-found", FAVORITE_MESSAGES.notFound);
  }
  return publicJson({ ...result.favorite, follower_number: result.follower_number }, viewer, {
    status: result.created ? 201 : 200,
  });
}
