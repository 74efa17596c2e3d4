import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { hasImageExtension, IMAGE_MESSAGES } from "~/domain/images";
import { nativePostPermalink, POST_MESSAGES, type PostFieldErrors } from "~/domain/native-posts";
import { roleRefusal } from "~/domain/permissions";
import {
  nativePostKind,
  POST_CAPTION_MAX,
  POST_IMAGES_MAX,
  POST_VIDEO_MAX_BYTES,
  POST_VIDEO_MAX_SECONDS,
  type PostMedia,
} from "~/domain/posts";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { posts, staffs } from "../../db/schema";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import type { ObjectStorage } from "../../integrations/storage/object-storage";
import { probeVideo, type VideoContainer } from "../../integrations/video/probe-video";
import { processUpload } from "../shared/process-upload";
import { fileReader, postFolder, removePostMedia, storeVideo, type UploadedMedia } from "./native-post-media";
import { type PublicPost, publicPost } from "./public-post";
import { type PostToWrite, writePost } from "./write-post";

export interface NativePostInput {
  caption: string;
  images: UploadedMedia[];
  video: UploadedMedia | null;
  poster: UploadedMedia | null;
  /** Marked 「PR」 by its author (ADR 0051); false when left out. */
  isPr?: boolean;
}

export interface VideoLimits {
  maxBytes: number;
  maxSeconds: number;
}

export const VIDEO_LIMITS: VideoLimits = {
  maxBytes: POST_VIDEO_MAX_BYTES,
  maxSeconds: POST_VIDEO_MAX_SECONDS,
};

export type CreateNativePostResult =
  | { ok: true; post: PublicPost }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "invalid"; errors: PostFieldErrors };

/**
 * Writes a native post of a staff member or a store (ADR 0024): a caption and up to ten
 * pictures (re-encoded WebP; several make a carousel), or one MP4 / WebM video (container and
 * duration read from its bytes) with a poster picture, or the caption alone. Everything is checked
 * before anything is stored; the files are stored, then the row is written in one transaction, and
 * a failure removes the stored files again: no post without its files, no file without its post.
 */
export async function createNativePost({
  db,
  images,
  storage,
  actor,
  input,
  limits = VIDEO_LIMITS,
}: {
  db: Db;
  images: ImageStorage;
  storage: ObjectStorage;
  actor: Viewer;
  input: NativePostInput;
  limits?: VideoLimits;
}): Promise<CreateNativePostResult> {
  if (roleRefusal(actor, "post.create")) return { ok: false, error: "forbidden" };
  const author = await authorOf(db, actor);
  if (!author) return { ok: false, error: "forbidden" };

  const invalid = (errors: PostFieldErrors) => ({ ok: false, error: "invalid", errors }) as const;
  const caption = input.caption.replace(/\r\n/g, "\n");
  const errors: PostFieldErrors = {};
  if (caption.length > POST_CAPTION_MAX) errors.caption = POST_MESSAGES.caption_too_long;
  if (input.images.length > POST_IMAGES_MAX) errors.images = POST_MESSAGES.too_many_images;
  if (input.video && input.images.length > 0) errors.video = POST_MESSAGES.images_and_video;
  if (input.poster && !input.video) errors.poster = POST_MESSAGES.poster_without_video;
  if (!input.video && input.images.length === 0 && caption.trim() === "")
    errors.caption = POST_MESSAGES.empty;
  if (Object.keys(errors).length > 0) return invalid(errors);

  // The video: its size, then what its bytes say it is and how long it lasts.
  let container: VideoContainer | null = null;
  if (input.video) {
    if (input.video.size > limits.maxBytes) return invalid({ video: POST_MESSAGES.video_too_large });
    const reader = await fileReader(input.video.path);
    const probe = await probeVideo(reader.read, input.video.size).finally(reader.close);
    if (!probe.ok) return invalid({ video: POST_MESSAGES[probe.error] });
    if (probe.durationSeconds > limits.maxSeconds) return invalid({ video: POST_MESSAGES.video_too_long });
    if (!input.poster) return invalid({ poster: POST_MESSAGES.poster_required });
    container = probe.container;
  }

  // The pictures (and the poster) through the image pipeline, before anything is stored.
  const pictures = input.video && input.poster ? [input.poster] : input.images;
  const field = input.video ? "poster" : "images";
  const processed: { data: Buffer; width: number; height: number }[] = [];
  for (const picture of pictures) {
    if (!hasImageExtension(picture.fileName)) return invalid({ [field]: IMAGE_MESSAGES.unsupported });
    const result = await processUpload({ db, actor, data: await readFile(picture.path) });
    if (!result.ok) return invalid({ [field]: IMAGE_MESSAGES[result.error] });
    processed.push(result);
  }

  const folder = postFolder(actor.uid);
  const media: PostMedia[] = [];
  /** Every file stored so far: removed again if the post is not written. */
  const saved: string[] = [];
  try {
    const stored = [];
    for (const picture of processed) {
      const url = await images.save(folder, picture.data);
      saved.push(url);
      stored.push({ ...picture, url });
    }
    if (input.video && container) {
      const poster = stored[0]!;
      const url = await storeVideo(storage, actor.uid, input.video, container);
      saved.push(url);
      // The video's own size is not read; its poster (a frame of it, as a rule) gives the shape.
      media.push({
        url,
        kind: "video",
        width: poster.width,
        height: poster.height,
        thumbnail_url: poster.url,
      });
    } else {
      for (const picture of stored)
        media.push({
          url: picture.url,
          kind: "image",
          width: picture.width,
          height: picture.height,
          thumbnail_url: null,
        });
    }
    const post = await db.transaction(async (tx) => {
      const { post: written } = await writePost(tx, {
        author: author.write,
        source: "native",
        kind: nativePostKind(input.video ? 0 : media.length, Boolean(input.video)),
        caption,
        media,
        permalink: "",
        externalId: randomUUID(),
        postedAt: new Date(),
        isPr: input.isPr ?? false,
      });
      const [row] = await tx
        .update(posts)
        .set({ permalink: nativePostPermalink(author.link, written.post_id) })
        .where(eq(posts.post_id, written.post_id))
        .returning();
      return row ?? written;
    });
    return { ok: true, post: publicPost(post) };
  } catch (error) {
    await removePostMedia(storage, saved);
    throw error;
  }
}

/** The author as writePost and the permalink want it; null for a staff member whose row is gone. */
async function authorOf(db: Db, actor: Viewer) {
  if (actor.type === "liver")
    return {
      write: { type: "liver", liverId: actor.uid } satisfies PostToWrite["author"],
      link: { type: "liver", liverId: actor.uid } as const,
    };
  const [staff] = await db
    .select({ liver_id: staffs.liver_id })
    .from(staffs)
    .where(eq(staffs.uid, actor.uid))
    .limit(1);
  if (!staff) return null;
  return {
    write: { type: "staff", staffId: actor.uid, liverId: staff.liver_id } satisfies PostToWrite["author"],
    link: { type: "staff", staffId: actor.uid } as const,
  };
}
