import { type AppLoadContext, data, redirect } from "react-router";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/domain/images";
import { DECISION_STATUS } from "~/domain/permissions";
import type { Viewer } from "../auth/viewer";
import { addGalleryImage } from "../services/images/add-gallery-image";
import type { GalleryTarget } from "../services/images/gallery";
import { type GalleryMove, moveGalleryImage } from "../services/images/move-gallery-image";
import { removeGalleryImage } from "../services/images/remove-gallery-image";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, formValues } from "./form";
import { readLimitedFormData } from "./limited-form-data";

/**
 * The plumbing shared by the back-office pages: their forms post an `intent`; a success redirects
 * back with `?done=<key>` (a reload sends nothing again), a failure answers 400 with the form's
 * values and a message per field, for the form of that intent.
 */

export interface MypageActionData {
  intent: string;
  values: FormValues;
  errors: FieldErrors;
}

export const FORM_MESSAGES = {
  unreadable: "送信内容を読み取れませんでした。もう一度お試しください",
  not_found: "対象が見つかりません。ページを再読み込みしてください",
  forbidden: "このアカウントでは利用できません",
} as const;

/** A body can hold one picture and the fields around it, nothing more. */
export const MYPAGE_FORM_MAX_BYTES = IMAGE_MAX_BYTES + 256 * 1024;

export function failed(intent: string, values: FormValues, errors: FieldErrors, status = 400) {
  return data<MypageActionData>({ intent, values, errors }, { status });
}

/** Back to `path` (the page's own, with its query) saying `done`. */
export function done(request: Request, key: string, path?: string): Response {
  const url = new URL(path ?? new URL(request.url).pathname + new URL(request.url).search, request.url);
  url.searchParams.set("done", key);
  return redirect(`${url.pathname}${url.search}`);
}

export type ReadForm = { ok: true; form: FormData } | { ok: false; response: ReturnType<typeof failed> };

/**
 * The posted form, read with a byte limit (an upload form is multipart): a body over the limit is
 * a 400 with the picture's size message, never a server buffering whatever a client sends.
 */
export async function readMypageForm(request: Request): Promise<ReadForm> {
  const read = await readLimitedFormData(request, MYPAGE_FORM_MAX_BYTES);
  if (read.ok) return read;
  return read.error === "too_large"
    ? { ok: false, response: failed("image_add", {}, { image: IMAGE_MESSAGES.too_large }) }
    : { ok: false, response: failed("", {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable }) };
}

const MOVES: readonly GalleryMove[] = ["up", "down", "first"];

/**
 * The gallery forms of a profile page (store or staff pictures): add one picture, remove one,
 * move one. Null when the intent is not a gallery intent.
 */
export async function galleryAction({
  request,
  context,
  actor,
  target,
  intent,
  form,
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  target: GalleryTarget;
  intent: string;
  form: FormData;
}): Promise<Response | ReturnType<typeof failed> | null> {
  if (intent === "image_add") {
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0)
      return failed(intent, {}, { image: IMAGE_MESSAGES.required });
    const result = await addGalleryImage({
      db: context.db,
      images: context.images,
      actor,
      target,
      input: { data: new Uint8Array(await file.arrayBuffer()), fileName: file.name },
    });
    if (result.ok) return done(request, "image_added");
    if (result.error === "not_found" || result.error === "forbidden")
      return failed(
        intent,
        {},
        { [FORM_ERROR_KEY]: FORM_MESSAGES[result.error] },
        DECISION_STATUS[result.error],
      );
    return failed(intent, {}, { image: IMAGE_MESSAGES[result.error] });
  }
  if (intent === "image_remove" || intent === "image_move") {
    const url = String(form.get("url") ?? "");
    const direction = String(form.get("direction") ?? "");
    const result =
      intent === "image_remove"
        ? await removeGalleryImage({ db: context.db, images: context.images, actor, target, input: { url } })
        : MOVES.includes(direction as GalleryMove)
          ? await moveGalleryImage({
              db: context.db,
              actor,
              target,
              input: { url, direction: direction as GalleryMove },
            })
          : ({ ok: false, error: "not_found" } as const);
    if (result.ok) return done(request, intent === "image_remove" ? "image_removed" : "image_moved");
    return failed(
      intent,
      formValues(form),
      { [FORM_ERROR_KEY]: FORM_MESSAGES[result.error] },
      DECISION_STATUS[result.error],
    );
  }
  return null;
}
