import { data, redirect } from "react-router";
import { z } from "zod";
import { loginPath, safeRedirectPath } from "~/domain/account-roles";
import { FAVORITE_MESSAGES, type FollowFormResult, FollowTargetSchema } from "~/domain/favorites";
import type { Auth } from "../auth/create-auth";
import { getViewer } from "../auth/viewer";
import type { Db } from "../db/client";
import { followTarget } from "../services/favorites/follow-target";
import { unfollowTarget } from "../services/favorites/unfollow-target";
import { dispatchIntent, intent } from "./intent-action";

/** The answer to a follow button whose target is unreadable (no id, or both). */
const UNREADABLE_TARGET: FollowFormResult = {
  ok: false,
  kind: "staff",
  target_id: "",
  following: false,
  follower_number: null,
  favorite_id: null,
  message: FAVORITE_MESSAGES.target,
};

/** A field's text as `FormData.get` reads it: the first of a repeated field, nothing for a nested one. */
const first = (value: unknown) =>
  typeof value === "string" ? value : Array.isArray(value) ? value[0] : undefined;

/** The target as the button posts it; FollowTargetSchema checks that exactly one id is there. */
const FollowFormSchema = z.preprocess((values) => {
  const fields = values as Record<string, unknown>;
  return { staff_id: first(fields.staff_id), liver_id: first(fields.liver_id) };
}, FollowTargetSchema);

/**
 * The action behind every follow button (`POST /listener/mypage/follow`): fields `intent`
 * (follow | unfollow, dispatched by intent as ADR 0048 asks; a post without one follows),
 * `staff_id` or `liver_id`, `back` (the page to return to without JavaScript) and `js=1` when
 * sent by a script. Signed out, or signed in as another role, the visitor is sent to the listener
 * login, which brings them back to `back`. An unreadable target is a 400, with or without script.
 */
export async function followFormAction(request: Request, context: { db: Db; auth: Auth }) {
  const form = await request.formData().catch(() => new FormData());
  const back = safeRedirectPath(String(form.get("back") ?? ""), "listener");
  const byScript = form.get("js") === "1";
  const viewer = await getViewer(request, context);
  if (viewer?.type !== "listener") throw redirect(loginPath("listener", back));

  type Answer = ReturnType<typeof data<FollowFormResult>>;
  const follow = intent<typeof FollowFormSchema, Answer, Answer>({
    schema: FollowFormSchema,
    run: async (target) => {
      const result = await followTarget({ db: context.db, actor: viewer, input: target });
      if (!byScript) throw redirect(back);
      if (!result.ok)
        return data<FollowFormResult>(
          {
            ...UNREADABLE_TARGET,
            kind: target.kind,
            target_id: target.id,
            message: FAVORITE_MESSAGES.notFound,
          },
          { status: 404 },
        );
      return data<FollowFormResult>({
        ok: true,
        kind: target.kind,
        target_id: target.id,
        following: true,
        follower_number: result.follower_number,
        favorite_id: result.favorite.favorite_id,
        message: FAVORITE_MESSAGES.followed,
      });
    },
  });
  const unfollow = intent<typeof FollowFormSchema, Answer, Answer>({
    schema: FollowFormSchema,
    run: async (target) => {
      const result = await unfollowTarget({ db: context.db, actor: viewer, input: target });
      if (!byScript) throw redirect(back);
      // Unfollowing what is not followed (another tab did it) leaves the button as "not following".
      return data<FollowFormResult>({
        ok: true,
        kind: target.kind,
        target_id: target.id,
        following: false,
        follower_number: result.ok ? result.follower_number : null,
        favorite_id: null,
        message: FAVORITE_MESSAGES.unfollowed,
      });
    },
  });
  const unreadable = () => data<FollowFormResult>(UNREADABLE_TARGET, { status: 400 });
  // An id posted as a file is no id; the schema sees only the form's text fields, which leave it out.
  if (form.get("staff_id") instanceof File || form.get("liver_id") instanceof File) return unreadable();
  return dispatchIntent(form, { follow, unfollow }, { otherwise: follow, refusal: unreadable });
}
