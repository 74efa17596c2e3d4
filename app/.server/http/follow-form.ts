import { data, redirect } from "react-router";
import { loginPath, safeRedirectPath } from "~/domain/account-roles";
import { FAVORITE_MESSAGES, type FollowFormResult, FollowTargetSchema } from "~/domain/favorites";
import type { Auth } from "../auth/create-auth";
import { getViewer } from "../auth/viewer";
import type { Db } from "../db/client";
import { followTarget } from "../services/favorites/follow-target";
import { unfollowTarget } from "../services/favorites/unfollow-target";

/**
 * The action behind every follow button (`POST /listener/mypage/follow`): fields `intent`
 * (follow | unfollow), `staff_id` or `liver_id`, `back` (the page to return to without
 * JavaScript) and `js=1` when sent by a script. Signed out, or signed in as another role, the
 * visitor is sent to the listener login, which brings them back to `back`.
 */
export async function followFormAction(request: Request, context: { db: Db; auth: Auth }) {
  const form = await request.formData().catch(() => new FormData());
  const back = safeRedirectPath(String(form.get("back") ?? ""), "listener");
  const byScript = form.get("js") === "1";
  const viewer = await getViewer(request, context);
  if (viewer?.type !== "listener") throw redirect(loginPath("listener", back));

  const target = FollowTargetSchema.safeParse({
    staff_id: form.get("staff_id") ?? undefined,
    liver_id: form.get("liver_id") ?? undefined,
  });
  if (!target.success) {
    return data<FollowFormResult>(
      {
        ok: false,
        kind: "staff",
        target_id: "",
        following: false,
        follower_number: null,
        favorite_id: null,
        message: FAVORITE_MESSAGES.target,
      },
      { status: 400 },
    );
  }
  const { kind, id } = target.data;
  const unfollow = form.get("intent") === "unfollow";
  const result = unfollow
    ? await unfollowTarget({ db: context.db, actor: viewer, input: target.data })
    : await followTarget({ db: context.db, actor: viewer, input: target.data });
  if (!byScript) throw redirect(back);
  if (!result.ok) {
    // Unfollowing what is not followed (another tab did it) leaves the button as "not following".
    return data<FollowFormResult>(
      {
        ok: unfollow,
        kind,
        target_id: id,
        following: false,
        follower_number: null,
        favorite_id: null,
        message: unfollow ? FAVORITE_MESSAGES.unfollowed : FAVORITE_MESSAGES.notFound,
      },
      { status: unfollow ? 200 : 404 },
    );
  }
  return data<FollowFormResult>({
    ok: true,
    kind,
    target_id: id,
    following: !unfollow,
    follower_number: result.follower_number,
    favorite_id: "favorite" in result ? result.favorite.favorite_id : null,
    message: unfollow ? FAVORITE_MESSAGES.unfollowed : FAVORITE_MESSAGES.followed,
  });
}
