import { getViewer } from "~/.server/auth/viewer";
import { publicJson, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { submitNativePost } from "~/.server/http/native-post-form";
import { POST_MESSAGES } from "~/domain/native-posts";
import type { Route } from "./+types/posts";

/**
 * `POST /api/posts` (staff member or store), multipart `caption`, `images` (repeated), `video`,
 * `poster`: 201 with the post; 400 names the field its message belongs to.
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
