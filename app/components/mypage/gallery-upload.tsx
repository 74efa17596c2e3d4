import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import {
  GALLERY_UPLOAD_MAX_BYTES,
  galleryRoomMessage,
  hasImageExtension,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  imageFileMessage,
} from "~/domain/images";
import { FieldError } from "../form/field";
import { SubmitButton } from "../form/submit-button";
import { TIGHT_BUTTON } from "../ui/kit";

interface Chosen {
  key: string;
  file: File;
  /** An object URL of the file for its preview; revoked when the file leaves the list. */
  url: string;
}

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
const keyOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** What the server would refuse about one file (it decides; this only says so before sending). */
function problemOf(file: File): "unsupported" | "too_large" | null {
  if (!hasImageExtension(file.name)) return "unsupported";
  if (file.size > IMAGE_MAX_BYTES) return "too_large";
  return null;
}

/** The short word under a preview; the message naming the file shows under the form when it is sent. */
const PREVIEW_PROBLEMS = {
  unsupported: "この形式は追加できません",
  too_large: `${IMAGE_MAX_BYTES / MB}MBを超えています`,
} as const;

/** Whether this browser lets a page set a file input's files (to add to and remove from a choice). */
const canEditFiles = () => typeof DataTransfer === "function";

/**
 * The upload form of a gallery: one or several pictures at once (`multiple`), sent as one
 * multipart post that the server takes all or none of (services/images/add-gallery-images.ts).
 * Without JavaScript it is the plain file input. With it, each chosen picture is previewed (an
 * object URL, revoked when the picture leaves the list or the form goes), can be taken out before
 * sending, and a second choice adds to the first, up to the gallery's room; the file input's own
 * list is kept equal to the previews, so what is sent is what is shown.
 */
export function GalleryUploadForm({
  id,
  room,
  action,
  error,
}: {
  /** The file input's id. */
  id: string;
  /** How many more pictures the gallery takes. */
  room: number;
  action?: string;
  /** The server's message about the last upload. */
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const live = useRef<Chosen[]>([]);
  live.current = chosen;
  // The form is keyed by the gallery (a successful upload starts a new one): the previews go with it.
  useEffect(
    () => () => {
      for (const item of live.current) URL.revokeObjectURL(item.url);
    },
    [],
  );

  const setInputFiles = (files: readonly File[]) => {
    if (!input.current || !canEditFiles()) return;
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.current.files = transfer.files;
  };

  const onChange = () => {
    const picked = Array.from(input.current?.files ?? []);
    // The input now holds only the new choice: what was chosen before is added back in front
    // (where the browser lets a page set the list; elsewhere a new choice replaces the old one).
    const keep = canEditFiles() ? chosen : [];
    const known = new Set(keep.map((item) => item.key));
    const fresh = picked.filter((file) => !known.has(keyOf(file)));
    const fits = fresh.slice(0, Math.max(0, room - keep.length));
    const next = [
      ...keep,
      ...fits.map((file) => ({ key: keyOf(file), file, url: URL.createObjectURL(file) })),
    ];
    for (const item of chosen) if (!next.includes(item)) URL.revokeObjectURL(item.url);
    setChosen(next);
    setInputFiles(next.map((item) => item.file));
    setClientError(null);
    setNote(fits.length < fresh.length ? galleryRoomMessage(room, keep.length + fresh.length) : null);
  };

  const remove = (key: string) => {
    const gone = chosen.find((item) => item.key === key);
    if (gone) URL.revokeObjectURL(gone.url);
    const next = chosen.filter((item) => item.key !== key);
    setChosen(next);
    setInputFiles(next.map((item) => item.file));
    setNote(null);
    setClientError(null);
  };

  // Said before sending what the server would refuse (it checks all the same).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (chosen.length === 0) return;
    const refused = chosen.find((item) => problemOf(item.file));
    const total = chosen.reduce((sum, item) => sum + item.file.size, 0);
    const problem = refused
      ? imageFileMessage(refused.file.name, IMAGE_MESSAGES[problemOf(refused.file)!])
      : total > GALLERY_UPLOAD_MAX_BYTES
        ? IMAGE_MESSAGES.upload_too_large
        : null;
    if (problem) {
      event.preventDefault();
      setClientError(problem);
    }
  };

  const shown = clientError ?? error;
  const errorId = `${id}-error`;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      preventScrollReset
      className="mt-5 rounded-xl bg-slate-50 p-4"
      data-field="image"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="image_add" />
      <p className="mb-1 font-bold text-slate-800 text-sm">画像を追加</p>
      <p id={`${id}-hint`} className="mb-2 text-slate-500 text-xs">
        JPEG・PNG・WebP・GIF・AVIF、1枚{IMAGE_MAX_BYTES / MB}MBまで。あと{room}
        枚追加できます（まとめて選べます）。位置情報などの撮影データは削除して保存します。
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {/* Visually hidden but focusable and usable without JavaScript; the label is the button. */}
          <input
            ref={input}
            id={id}
            type="file"
            name="image"
            multiple
            accept={IMAGE_ACCEPT}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-hint${shown ? ` ${errorId}` : ""}`}
            onChange={onChange}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-full border border-brand-500 bg-white px-4 font-bold text-brand-700 text-sm hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 peer-focus-visible:outline-offset-2"
          >
            {chosen.length > 0 ? "画像を追加で選ぶ" : "画像を選ぶ"}
          </label>
          <span className="min-w-0 truncate text-slate-600 text-sm" aria-live="polite">
            {chosen.length > 0 ? `${chosen.length}枚選択中` : "選択されていません"}
          </span>
        </div>
        <SubmitButton block={false} pendingLabel="アップロード中…" className="shrink-0">
          {chosen.length > 1 ? `${chosen.length}枚をアップロード` : "アップロード"}
        </SubmitButton>
      </div>
      {chosen.length > 0 ? (
        // Figures, not a list: the gallery's own pictures are the page's list of pictures.
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="gallery-previews">
          {chosen.map((item) => {
            const problem = problemOf(item.file);
            return (
              <figure
                key={item.key}
                className={`overflow-hidden rounded-lg bg-white ring-1 ${problem ? "ring-red-400" : "ring-slate-200"}`}
                data-testid="gallery-preview"
              >
                <div className="relative aspect-[4/3] bg-slate-100">
                  <img
                    src={item.url}
                    alt={`選択中の画像：${item.file.name}`}
                    className="absolute inset-0 size-full object-cover"
                    // A format the browser cannot show (HEIC) still leaves its name and size.
                    onError={(event) => {
                      event.currentTarget.style.visibility = "hidden";
                    }}
                  />
                </div>
                <figcaption className="space-y-1 p-2">
                  <p className="truncate text-slate-700 text-xs" title={item.file.name}>
                    {item.file.name}
                    <span className="ml-1 text-slate-500">{sizeLabel(item.file.size)}</span>
                  </p>
                  {problem ? (
                    <p className="font-bold text-red-700 text-xs">{PREVIEW_PROBLEMS[problem]}</p>
                  ) : null}
                  {canEditFiles() ? (
                    <button
                      type="button"
                      onClick={() => remove(item.key)}
                      className={TIGHT_BUTTON}
                      aria-label={`「${item.file.name}」を選択から外す`}
                    >
                      外す
                    </button>
                  ) : null}
                </figcaption>
              </figure>
            );
          })}
        </div>
      ) : null}
      {note ? <p className="mt-2 font-bold text-amber-800 text-sm">{note}</p> : null}
      <FieldError id={errorId} error={shown ?? undefined} />
    </Form>
  );
}
