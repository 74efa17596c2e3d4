import { data, redirect } from "react-router";
import { GALLERY_UPLOAD_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/domain/images";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues } from "./form";
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
/** A page with a gallery: several pictures at once (GALLERY_UPLOAD_MAX_BYTES) and the fields. */
export const GALLERY_FORM_MAX_BYTES = GALLERY_UPLOAD_MAX_BYTES + 256 * 1024;

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
export async function readMypageForm(request: Request, maxBytes = MYPAGE_FORM_MAX_BYTES): Promise<ReadForm> {
  const read = await readLimitedFormData(request, maxBytes);
  if (read.ok) return read;
  const tooLarge =
    maxBytes > MYPAGE_FORM_MAX_BYTES ? IMAGE_MESSAGES.upload_too_large : IMAGE_MESSAGES.too_large;
  return read.error === "too_large"
    ? { ok: false, response: failed("image_add", {}, { image: tooLarge }) }
    : { ok: false, response: failed("", {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable }) };
}
