import type { AppLoadContext } from "react-router";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/domain/images";
import { POST_MESSAGES, type PostFieldErrors } from "~/domain/native-posts";
import { isPrTicked } from "~/domain/post-pr";
import { POST_IMAGES_MAX } from "~/domain/posts";
import type { Viewer } from "../auth/viewer";
import {
  type CreateNativePostResult,
  createNativePost,
  VIDEO_LIMITS,
  type VideoLimits,
} from "../services/posts/create-native-post";
import { readMultipartUpload, textField, type UploadedFile } from "./multipart-upload";

/**
 * The composer's multipart body (the editor page's plain form and `POST /api/posts` alike), read
 * as a stream into temporary files with a limit per field, then handed to createNativePost. The
 * temporary files are gone when this returns, whatever happened.
 */

type Post = Extract<CreateNativePostResult, { ok: true }>["post"];

export type SubmitNativePostResult =
  | { ok: true; post: Post }
  | { ok: false; error: "forbidden" }
  | {
      ok: false;
      error: "invalid";
      errors: PostFieldErrors;
      /** What the form shows again: the caption, and the PR box ticked ("1") or not (""). */
      values: { caption: string; is_pr: string };
    };

/** Caption (2,200 characters of up to 4 bytes), the intent and room for the field names. */
const TEXT_BYTES = 16 * 1024;

export async function submitNativePost({
  request,
  context,
  actor,
  limits = VIDEO_LIMITS,
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  limits?: VideoLimits;
}): Promise<SubmitNativePostResult> {
  const read = await readMultipartUpload(request, {
    fileBytes: { images: IMAGE_MAX_BYTES, poster: IMAGE_MAX_BYTES, video: limits.maxBytes },
    // One over the limit still reaches the service, which names the limit.
    maxFiles: POST_IMAGES_MAX + 2,
    textBytes: TEXT_BYTES,
  });
  if (!read.ok) {
    const invalid = (errors: PostFieldErrors) =>
      ({ ok: false, error: "invalid", errors, values: { caption: "", is_pr: "" } }) as const;
    if (read.error === "unreadable") return invalid({ _form: POST_MESSAGES.unreadable });
    if (read.error === "too_many_files") return invalid({ images: POST_MESSAGES.too_many_images });
    const message: PostFieldErrors =
      read.field === "video"
        ? { video: POST_MESSAGES.video_too_large }
        : read.field === "images"
          ? { images: POST_MESSAGES.image_too_large }
          : read.field === "poster"
            ? { poster: IMAGE_MESSAGES.too_large }
            : read.field === "caption"
              ? { caption: POST_MESSAGES.caption_too_long }
              : { _form: POST_MESSAGES.too_many_files };
    return invalid(message);
  }
  const { upload } = read;
  try {
    const caption = textField(upload, "caption");
    const isPr = isPrTicked(textField(upload, "is_pr"));
    const of = (field: string) => upload.files.filter((file) => file.field === field).map(media);
    const result = await createNativePost({
      db: context.db,
      images: context.images,
      storage: context.storage,
      actor,
      input: {
        caption,
        images: of("images"),
        video: of("video")[0] ?? null,
        poster: of("poster")[0] ?? null,
        isPr,
      },
      limits,
    });
    if (result.ok || result.error === "forbidden") return result;
    return { ...result, values: { caption, is_pr: isPr ? "1" : "" } };
  } finally {
    await upload.cleanup();
  }
}

const media = (file: UploadedFile) => ({ path: file.path, size: file.size, fileName: file.fileName });
