import { getViewer } from "~/.server/auth/viewer";
import { publicJson, readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { deletePost } from "~/.server/services/posts/delete-post";
import { updateNativePost } from "~/.server/services/posts/update-native-post";
import { POST_MESSAGES, PostPatchSchema } from "~/domain/native-posts";
import type { Route } from "./+types/post";

/**
 * `PATCH /api/posts/{id}` `{caption?, is_pr?}` (the author; `is_pr` is the PR label, ADR 0051)
 * and `DELETE /api/posts/{id}` (the author, or the store of the staff member who wrote it) → 204.
 * Someone else's post is a 404.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE")
    return apiError("invalid-argument", "PATCH または DELETE で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, request.method === "PATCH" ? "post.update" : "post.delete");
  if (denied || !viewer) return denied;

  if (request.method === "DELETE") {
    const result = await deletePost({
      db: context.db,
      storage: context.storage,
      actor: viewer,
      input: { postId: params.id },
    });
    if (!result.ok) return refusal(result.error);
    return new Response(null, { status: 204, headers: { "Cache-Control": "private, no-store" } });
  }

  const body = PostPatchSchema.safeParse(await readJsonBody(request));
  if (!body.success)
    return apiError("invalid-argument", body.error.issues[0]?.message ?? POST_MESSAGES.unreadable);
  const result = await updateNativePost({
    db: context.db,
    actor: viewer,
    input: { postId: params.id, caption: body.data.caption, isPr: body.data.is_pr },
  });
  if (result.ok) return publicJson(result.post, viewer);
  if (result.error === "invalid") return apiError("invalid-argument", result.errors.caption);
  return refusal(result.error);
}

function refusal(error: "forbidden" | "not_found") {
  return error === "forbidden"
    ? apiError("permission-denied", POST_MESSAGES.forbidden)
    : apiError("not-found", POST_MESSAGES.not_found);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
