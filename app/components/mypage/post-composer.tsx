import {
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Form, useNavigate } from "react-router";
import { IMAGE_MAX_BYTES } from "~/domain/images";
import {
  POST_IMAGE_ACCEPT,
  POST_MESSAGES,
  POST_VIDEO_ACCEPT,
  PostComposerSchema,
} from "~/domain/native-posts";
import {
  POST_CAPTION_MAX,
  POST_IMAGES_MAX,
  POST_VIDEO_MAX_BYTES,
  POST_VIDEO_MAX_SECONDS,
} from "~/domain/posts";
import { FieldError } from "../form/field";
import { SubmitButton } from "../form/submit-button";
import { TextareaInput } from "../form/textarea-input";
import { field, type ServerFormResult, useSchemaForm } from "../form/use-schema-form";
import { Card, TIGHT_BUTTON } from "../ui/kit";
import { errorOf, posterFromVideo, uploadWithProgress } from "./post-upload-client";
import { PrCheckbox } from "./pr-checkbox";

const ID = "post";

/**
 * The composer of a native post: a caption with a counter and up to ten pictures (previews, each
 * removable), or one video with its poster picture, and the PR checkbox (ADR 0051). Without
 * JavaScript it is a plain multipart form (the poster must be chosen); with it, the fields go to
 * `POST /api/posts` with a progress bar, and a missing poster is taken from a frame of the video.
 */
export function PostComposer({ result }: { result?: ServerFormResult }) {
  const navigate = useNavigate();
  // A new form after each post: the fields, previews and counter start empty again.
  const [generation, setGeneration] = useState(0);
  return (
    <Card
      id="composer"
      title="新しい投稿"
      lead="写真・動画・テキストを投稿できます。投稿はフォロワーのフィードに表示されます。"
    >
      <ComposerForm
        key={generation}
        result={generation === 0 ? result : undefined}
        onPosted={() => {
          setGeneration((n) => n + 1);
          // As the plain form does: the page again, saying what happened (the list reloads).
          navigate("?done=post_created", { preventScrollReset: true });
        }}
      />
    </Card>
  );
}

function ComposerForm({ result, onPosted }: { result?: ServerFormResult; onPosted: () => void }) {
  const { form, fields } = useSchemaForm(PostComposerSchema, { id: ID, result });
  const [images, setImages] = useState<File[]>([]);
  const [video, setVideo] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const imagesInput = useRef<HTMLInputElement>(null);
  const errors = { ...(result?.errors ?? {}), ...clientErrors };
  const busy = progress !== null;
  // Without JavaScript every field shows; with it, the poster only once a video is chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const pickImages = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.currentTarget.files ?? [])];
    const next = [...images, ...chosen].slice(0, POST_IMAGES_MAX);
    setImages(next);
    syncFiles(imagesInput.current, next);
    setClientErrors(
      images.length + chosen.length > POST_IMAGES_MAX ? { images: POST_MESSAGES.too_many_images } : {},
    );
  };
  const removeImage = (index: number) => {
    const next = images.filter((_, i) => i !== index);
    setImages(next);
    syncFiles(imagesInput.current, next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData();
    const sent = new FormData(element);
    data.set("caption", String(sent.get("caption") ?? ""));
    const isPr = sent.get("is_pr");
    if (typeof isPr === "string") data.set("is_pr", isPr);
    for (const image of images) data.append("images", image);
    if (video) {
      data.set("video", video);
      const chosenPoster = poster ?? (await posterFromVideo(video));
      if (!chosenPoster) {
        setClientErrors({ poster: POST_MESSAGES.poster_required });
        return;
      }
      data.set("poster", chosenPoster);
    }
    setClientErrors({});
    setProgress(0);
    const answer = await uploadWithProgress("/api/posts", data, setProgress);
    setProgress(null);
    if (answer.status === 201) {
      onPosted();
      return;
    }
    const error = errorOf(answer.body);
    setClientErrors({ [error?.field ?? "_form"]: error?.message ?? POST_MESSAGES.unreadable });
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={form.id}
      noValidate
      onSubmit={submit}
      className="space-y-5"
      data-testid="post-composer"
    >
      <input type="hidden" name="intent" value="post_create" />
      {errors._form ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-bold text-red-800 text-sm">
          {errors._form}
        </p>
      ) : null}
      <TextareaInput
        {...field(fields.caption)}
        error={errors.caption}
        label="本文"
        hint="ハッシュタグや改行も使えます"
        maxLength={POST_CAPTION_MAX}
        rows={4}
      />

      <FilePart
        id={`${ID}-images`}
        label={`画像（${POST_IMAGES_MAX}枚まで）`}
        hint={`JPEG・PNG・WebP・GIF・AVIF、1枚${IMAGE_MAX_BYTES / 1024 / 1024}MBまで。2枚以上で複数枚の投稿になります。`}
        error={errors.images}
        disabled={Boolean(video)}
        input={
          <input
            ref={imagesInput}
            id={`${ID}-images`}
            type="file"
            name="images"
            multiple
            accept={POST_IMAGE_ACCEPT}
            disabled={Boolean(video)}
            onChange={pickImages}
            aria-describedby={`${ID}-images-hint${errors.images ? ` ${ID}-images-error` : ""}`}
            aria-invalid={errors.images ? true : undefined}
            className="peer sr-only"
          />
        }
        buttonLabel="画像を選ぶ"
        chosen={images.length > 0 ? `${images.length}枚選択中` : ""}
      >
        {images.length > 0 ? <ImagePreviews files={images} onRemove={removeImage} /> : null}
      </FilePart>

      <FilePart
        id={`${ID}-video`}
        label="動画（1本）"
        hint={`MP4・WebM、${POST_VIDEO_MAX_BYTES / 1024 / 1024}MB・${POST_VIDEO_MAX_SECONDS / 60}分まで。画像と同時には投稿できません。`}
        error={errors.video}
        disabled={images.length > 0}
        input={
          <input
            id={`${ID}-video`}
            type="file"
            name="video"
            accept={POST_VIDEO_ACCEPT}
            disabled={images.length > 0}
            onChange={(event) => setVideo(event.currentTarget.files?.[0] ?? null)}
            aria-describedby={`${ID}-video-hint${errors.video ? ` ${ID}-video-error` : ""}`}
            aria-invalid={errors.video ? true : undefined}
            className="peer sr-only"
          />
        }
        buttonLabel="動画を選ぶ"
        chosen={video?.name ?? ""}
      >
        {video ? <VideoPreview file={video} /> : null}
      </FilePart>

      {hydrated && !video && !errors.poster ? null : (
        <FilePart
          id={`${ID}-poster`}
          label="動画のサムネイル画像"
          hint="動画を投稿するときは必須です。選ばなければ動画の1コマから作成します（JavaScriptが有効な場合）。"
          error={errors.poster}
          disabled={images.length > 0}
          input={
            <input
              id={`${ID}-poster`}
              type="file"
              name="poster"
              accept={POST_IMAGE_ACCEPT}
              disabled={images.length > 0}
              onChange={(event) => setPoster(event.currentTarget.files?.[0] ?? null)}
              aria-describedby={`${ID}-poster-hint${errors.poster ? ` ${ID}-poster-error` : ""}`}
              aria-invalid={errors.poster ? true : undefined}
              className="peer sr-only"
            />
          }
          buttonLabel="画像を選ぶ"
          chosen={poster?.name ?? ""}
        />
      )}

      <PrCheckbox meta={fields.is_pr} />

      {busy ? (
        <div className="space-y-1" data-testid="upload-progress">
          <progress
            max={1}
            value={progress ?? 0}
            aria-label="アップロードの進み具合"
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
          />
          <p className="text-right text-slate-600 text-xs tabular-nums">
            アップロード中… {Math.round((progress ?? 0) * 100)}%
          </p>
        </div>
      ) : null}
      <SubmitButton pendingLabel="投稿中…" disabled={busy}>
        投稿する
      </SubmitButton>
    </Form>
  );
}

/** Puts `files` into a file input (so a plain submit sends what the previews show). */
function syncFiles(input: HTMLInputElement | null, files: readonly File[]) {
  if (!input || typeof DataTransfer === "undefined") return;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}

function FilePart({
  id,
  label,
  hint,
  error,
  input,
  buttonLabel,
  chosen,
  disabled,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  input: ReactNode;
  buttonLabel: string;
  chosen: string;
  disabled: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={`rounded-xl bg-slate-50 p-4 ${disabled ? "opacity-60" : ""}`} data-field={id}>
      <p className="font-bold text-slate-800 text-sm">{label}</p>
      <p id={`${id}-hint`} className="mt-0.5 mb-2 text-slate-500 text-xs leading-relaxed">
        {hint}
      </p>
      <div className="flex min-w-0 items-center gap-3">
        {input}
        <label
          htmlFor={id}
          className="inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-full border border-brand-500 bg-white px-4 font-bold text-brand-700 text-sm hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 peer-focus-visible:outline-offset-2 peer-disabled:cursor-not-allowed"
        >
          {buttonLabel}
        </label>
        <span className="min-w-0 truncate text-slate-600 text-sm">{chosen || "選択されていません"}</span>
      </div>
      <FieldError id={`${id}-error`} error={error} />
      {children}
    </div>
  );
}

function useObjectUrls(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

function ImagePreviews({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  const urls = useObjectUrls(files);
  return (
    <ol className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="image-previews">
      {urls.map((url, index) => (
        <li key={url} className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
          <img
            src={url}
            alt={`選択した画像 ${index + 1}枚目`}
            className="aspect-square w-full object-cover"
          />
          <div className="p-1">
            <button
              type="button"
              className={`${TIGHT_BUTTON} text-red-700`}
              onClick={() => onRemove(index)}
              aria-label={`選択から外す（${index + 1}枚目）`}
            >
              外す
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function VideoPreview({ file }: { file: File }) {
  const files = useMemo(() => [file], [file]);
  const [url] = useObjectUrls(files);
  return <video src={url} controls muted playsInline className="mt-3 max-h-64 w-full rounded-lg bg-black" />;
}
