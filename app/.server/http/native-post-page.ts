import type { AppLoadContext } from "react-router";
import { POST_MESSAGES, PostEditSchema } from "~/domain/native-posts";
import { DECISION_STATUS } from "~/domain/permissions";
import type { Viewer } from "../auth/viewer";
import { deletePost } from "../services/posts/delete-post";
import { listOwnPosts } from "../services/posts/list-own-posts";
import { updateNativePost } from "../services/posts/update-native-post";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, readFormData } from "./form";
import { dispatchIntent, intent } from "./intent-action";
import { done, failed } from "./mypage-form";
import { submitNativePost } from "./native-post-form";

/**
 * The post editor pages (`/staff/mypage/post`, `/liver/mypage/post`): the composer posts a
 * multipart form (a plain form without JavaScript; with it the page sends the same fields to
 * `POST /api/posts` to show upload progress), the list below edits captions and PR labels
 * (ADR 0051) and deletes.
 */

export async function nativePostPageData(request: Request, context: AppLoadContext, actor: Viewer) {
  const listed = await listOwnPosts({ db: context.db, actor });
  if (!listed.ok) throw new Response(null, { status: 403 });
  return { posts: listed.posts, done: new URL(request.url).searchParams.get("done") };
}

export async function nativePostPageAction(request: Request, context: AppLoadContext, actor: Viewer) {
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const result = await submitNativePost({ request, context, actor });
    if (result.ok) return done(request, "post_created");
    if (result.error === "forbidden")
      return failed("post_create", {}, { [FORM_ERROR_KEY]: POST_MESSAGES.forbidden }, 403);
    return failed("post_create", result.values, result.errors as Record<string, string>);
  }

  const form = await readFormData(request);
  if (!form) return failed("", {}, { [FORM_ERROR_KEY]: POST_MESSAGES.unreadable });
  const postId = String(form.get("post_id") ?? "");
  return dispatchIntent(
    form,
    {
      post_delete: intent({
        run: async (_none, { intent: name }) => {
          const result = await deletePost({
            db: context.db,
            storage: context.storage,
            actor,
            input: { postId },
          });
          if (result.ok) return done(request, "post_deleted");
          return failed(
            name,
            { post_id: postId },
            { [FORM_ERROR_KEY]: POST_MESSAGES[result.error] },
            DECISION_STATUS[result.error],
          );
        },
      }),
      // The edit form: the caption and the PR label (ADR 0051) together.
      post_caption: intent({
        schema: PostEditSchema,
        run: async ({ caption, is_pr }, { refuse }) => {
          const result = await updateNativePost({
            db: context.db,
            actor,
            input: { postId, caption, isPr: is_pr },
          });
          if (result.ok) return done(request, "post_updated");
          if (result.error === "invalid") return refuse(result.errors);
          return refuse({ [FORM_ERROR_KEY]: POST_MESSAGES[result.error] }, DECISION_STATUS[result.error]);
        },
      }),
    },
    {
      // An unknown intent is an unreadable form, nothing echoed back.
      otherwise: intent({ run: () => failed("", {}, { [FORM_ERROR_KEY]: POST_MESSAGES.unreadable }) }),
      // A refused caption keeps the post it was for, so the list reopens that post's editor.
      refusal: (name: string, values: FormValues, errors: FieldErrors, status?: number) =>
        failed(name, { ...values, post_id: postId }, errors, status),
    },
  );
}
