import { getViewer } from "~/.server/auth/viewer";
import { publicJson, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { submitNativePost } from "~/.server/http/native-post-form";
import { listPosts } from "~/.server/services/posts/list-posts";
import { parseFeedSearch } from "~/domain/feed-search";
import { POST_MESSAGES } from "~/domain/native-posts";
import type { Route } from "./+types/posts";

/**
 * `GET /api/posts` (ADR 0024): listed posts, filtered, sorted and paged by the database.
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

/**
 * `POST /api/posts` (staff member or store), multipart `caption`, `images` (repeated), `video`,
 * `poster`, `is_pr` (the PR label, ADR 0051): 201 with the post; 400 names the field its message
 * belongs to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "post.create");
  if (denied || !viewer) return denied;
  const result = await submitNativePost({ request, context, actor: viewer });
  if (result.ok) return publicJson(result.post, viewer, { status: 201 });
  if (result.error === "forbidden") return apiError("permission-denied", POST_MESSAGES.forbidden);
  const [field, message] = Object.entries(result.errors)[0] ?? ["_form", POST_MESSAGES.unreadable];
  return apiError(
    "invalid-argument",
    message ?? POST_MESSAGES.unreadable,
    field === "_form" ? {} : { field },
  );
}
