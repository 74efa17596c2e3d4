import { Form } from "react-router";
import { GALLERY_MAX_IMAGES, IMAGE_MESSAGES } from "~/domain/images";
import { FieldError } from "../form/field";
import { Card, EmptyState, TIGHT_BUTTON } from "../ui/kit";
import { GalleryUploadForm } from "./gallery-upload";

export interface GalleryResult {
  intent: string;
  errors: Record<string, string | undefined>;
}

const GALLERY_INTENTS = new Set(["image_add", "image_remove", "image_move"]);

/** The action's answer if it was about the gallery. */
export function galleryResult(actionData: GalleryResult | undefined): GalleryResult | undefined {
  return actionData && GALLERY_INTENTS.has(actionData.intent) ? actionData : undefined;
}

/**
 * The pictures of a store or staff member: up to GALLERY_MAX_IMAGES, the first one is the cover.
 * Each picture can move left/right, become the cover or be removed; new ones, several at once, are
 * uploaded with a plain multipart form (re-encoded on the server; previews with JavaScript,
 * gallery-upload.tsx). Works without JavaScript.
 */
export function GalleryEditor({
  title,
  images,
  result,
  action,
  aspect = "portrait",
  id = "gallery",
}: {
  title: string;
  images: readonly string[];
  result?: GalleryResult;
  /** Where the forms post (the page itself by default). */
  action?: string;
  aspect?: "portrait" | "landscape";
  id?: string;
}) {
  const full = images.length >= GALLERY_MAX_IMAGES;
  const error = result?.errors.image ?? result?.errors._form;
  const inputId = `${id}-image`;
  const ratio = aspect === "portrait" ? "aspect-[4/5]" : "aspect-[4/3]";
  return (
    <Card
      id={id}
      title={title}
      lead={`${images.length} / ${GALLERY_MAX_IMAGES}枚。1枚目が一覧やトップに表示されるメイン画像です。`}
      testId="gallery"
    >
      {images.length === 0 ? (
        <EmptyState title="画像はまだありません">
          お店の雰囲気やキャストの魅力が伝わる写真を登録しましょう。
        </EmptyState>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 wide:grid-cols-4">
          {images.map((url, index) => (
            <li key={url} className="overflow-hidden rounded-xl bg-slate-50 ring-1 ring-slate-200">
              <div className={`relative ${ratio} bg-slate-200`}>
                <img
                  src={url}
                  alt={`${title} ${index + 1}枚目`}
                  className="absolute inset-0 size-full object-cover"
                  loading="lazy"
                />
                <span className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 font-bold text-white text-xs">
                  {index === 0 ? "メイン" : index + 1}
                </span>
              </div>
              <div className="grid grid-cols-2 gap-1 p-2">
                <MoveButton url={url} action={action} direction="up" disabled={index === 0} label="前へ" />
                <MoveButton
                  url={url}
                  action={action}
                  direction="down"
                  disabled={index === images.length - 1}
                  label="後へ"
                />
                {index > 0 ? (
                  <Form method="post" action={action} preventScrollReset>
                    <input type="hidden" name="intent" value="image_move" />
                    <input type="hidden" name="url" value={url} />
                    <input type="hidden" name="direction" value="first" />
                    <button
                      type="submit"
                      className={TIGHT_BUTTON}
                      aria-label={`メインにする（${index + 1}枚目）`}
                    >
                      メインに
                    </button>
                  </Form>
                ) : (
                  <span />
                )}
                <Form
                  method="post"
                  action={action}
                  preventScrollReset
                  onSubmit={(event) => {
                    if (!window.confirm("この画像を削除しますか？")) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="image_remove" />
                  <input type="hidden" name="url" value={url} />
                  <button
                    type="submit"
                    className={`${TIGHT_BUTTON} text-red-700`}
                    aria-label={`削除（${index + 1}枚目）`}
                  >
                    削除
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      )}

      {full ? (
        <div className="mt-5 rounded-xl bg-slate-50 p-4" data-field="image">
          <p className="font-bold text-amber-800 text-sm">
            {IMAGE_MESSAGES.gallery_full}。追加するには画像を削除してください。
          </p>
          <FieldError id={`${inputId}-error`} error={error} />
        </div>
      ) : (
        // A new form for each state of the gallery: after an upload the previews start empty.
        <GalleryUploadForm
          key={images.join("|")}
          id={inputId}
          room={GALLERY_MAX_IMAGES - images.length}
          action={action}
          error={error}
        />
      )}
    </Card>
  );
}

function MoveButton({
  url,
  action,
  direction,
  disabled,
  label,
}: {
  url: string;
  action?: string;
  direction: "up" | "down";
  disabled: boolean;
  label: string;
}) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="image_move" />
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={TIGHT_BUTTON} disabled={disabled} title={label}>
        <span aria-hidden="true">{direction === "up" ? "←" : "→"}</span>
        <span className="sr-only">{label}</span>
      </button>
    </Form>
  );
}
