import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { listPosts } from "~/.server/services/posts/list-posts";
import { parseFeedSearch } from "~/domain/feed-search";
import type { Route } from "./+types/posts";

/**
 * `GET /api/posts` (contract §8): listed posts, filtered, sorted and paged by the database.
 * Only a loader here: `POST /api/posts` (the native post editor) adds the action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseFeedSearch(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  const viewer = await getViewer(request, context);
  const result = await listPosts({ db: context.db, actor: viewer, input: parsed.value });
  if (!result.ok) {
    return result.error === "unauthenticated"
      ? apiError("unauthenticated", "ログインしてください")
      : apiError("permission-denied", "このアカウントでは利用できません");
  }
  const { ok: _ok, ...page } = result;
  return publicJson(page, viewer);
}
