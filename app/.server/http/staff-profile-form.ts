import type { AppLoadContext } from "react-router";
import { StaffProfileSchema } from "~/domain/staff-profile";
import type { Viewer } from "../auth/viewer";
import { updateStaffProfile } from "../services/staff/update-staff-profile";
import { FORM_ERROR_KEY } from "./form";
import { galleryIntents } from "./gallery-intents";
import { dispatchIntent, intent } from "./intent-action";
import { done, FORM_MESSAGES, failed, readMypageForm } from "./mypage-form";

/**
 * The action of a staff profile page, shared by the performer's own page and the store's page of
 * one of its staff: the profile form (`intent=profile`) and the picture forms, dispatched by intent
 * (ADR 0048). `extra` handles the page's other intents (the store's password form, the schedule)
 * or answers null.
 */
export async function staffProfileAction({
  request,
  context,
  actor,
  staffId,
  extra,
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  staffId: string;
  extra?: (intent: string, form: FormData) => Promise<Response | ReturnType<typeof failed> | null>;
}) {
  const read = await readMypageForm(request);
  if (!read.ok) return read.response;
  return dispatchIntent(
    read.form,
    {
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
      // The page's other forms; an intent none of them has echoes nothing back.
      otherwise: intent({
        run: async (_none, { intent: name, form }) =>
          (extra ? await extra(name, form) : null) ??
          failed(name, {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable }),
      }),
    },
  );
}
