import type { AppLoadContext } from "react-router";
import { StaffProfileSchema } from "~/domain/staff-profile";
import type { Viewer } from "../auth/viewer";
import { updateStaffProfile } from "../services/staff/update-staff-profile";
import { FORM_ERROR_KEY, parseForm } from "./form";
import { done, FORM_MESSAGES, failed, galleryAction, readMypageForm } from "./mypage-form";

/**
 * The action of a staff profile page, shared by the performer's own page and the store's page of
 * one of its staff: the profile form (`intent=profile`) and the picture forms. `extra` handles the
 * page's other intents (the store's password form, the schedule) or answers null.
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
  const { form } = read;
  const intent = String(form.get("intent") ?? "");
  const gallery = await galleryAction({
    request,
    context,
    actor,
    target: { kind: "staff", staffId },
    intent,
    form,
  });
  if (gallery) return gallery;
  if (intent === "profile") {
    const parsed = await parseForm(form, StaffProfileSchema);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await updateStaffProfile({ db: context.db, actor, staffId, input: parsed.data });
    return result.ok
      ? done(request, "profile")
      : failed(intent, parsed.values, { [FORM_ERROR_KEY]: FORM_MESSAGES.not_found }, 404);
  }
  const handled = extra ? await extra(intent, form) : null;
  return handled ?? failed(intent, {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable });
}
