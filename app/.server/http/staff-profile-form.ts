import type { AppLoadContext } from "react-router";
import { StaffProfileSchema } from "~/domain/staff-profile";
import type { Viewer } from "../auth/viewer";
import { updateStaffProfile } from "../services/staff/update-staff-profile";
import { FORM_ERROR_KEY } from "./form";
import { galleryIntents } from "./gallery-intents";
import { dispatchIntent, type IntentHandler, intent } from "./intent-action";
import { done, FORM_MESSAGES, failed, GALLERY_FORM_MAX_BYTES, readMypageForm } from "./mypage-form";

/** The handlers of a page's other forms, each typed by its own `intent(…)`. */
// biome-ignore lint/suspicious/noExplicitAny: a record of handlers whose schemas differ.
type StaffPageIntents = Record<string, IntentHandler<any, Response | ReturnType<typeof failed>>>;

/**
 * The action of a staff profile page, shared by the performer's own page and the store's page of
 * one of its staff: the profile form (`intent=profile`), the picture forms and the page's own
 * `intents` (the store's password form, the schedule), all in one dispatch by intent (ADR 0048).
 * The profile and picture forms are this helper's: a page's intent of the same name is not used.
 */
export async function staffProfileAction({
  request,
  context,
  actor,
  staffId,
  intents = {},
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  staffId: string;
  intents?: StaffPageIntents;
}) {
  // The staff member's gallery takes several pictures in one post.
  const read = await readMypageForm(request, GALLERY_FORM_MAX_BYTES);
  if (!read.ok) return read.response;
  return dispatchIntent(
    read.form,
    {
      ...intents,
      ...galleryIntents({ request, context, actor, target: { kind: "staff", staffId } }),
      profile: intent({
        schema: StaffProfileSchema,
        run: async (input, { refuse }) => {
          const result = await updateStaffProfile({ db: context.db, actor, staffId, input });
          return result.ok
            ? done(request, "profile")
            : refuse({ [FORM_ERROR_KEY]: FORM_MESSAGES.not_found }, 404);
        },
      }),
    },
    {
      // An intent the page has no form for echoes nothing back.
      otherwise: intent({
        run: (_none, { intent: name }) => failed(name, {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable }),
      }),
    },
  );
}
