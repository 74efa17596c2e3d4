import { GALLERY_MAX_IMAGES, hasImageExtension, IMAGE_MAX_BYTES, type ImageErrorKey } from "~/domain/images";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { processUpload } from "../shared/process-upload";
import { findGallery, type GalleryTarget, saveGallery } from "./gallery";

export interface GalleryUpload {
  /** The upload's bytes and the file name the browser sent. */
  data: Uint8Array;
  fileName: string;
}

export type AddGalleryImagesResult =
  | { ok: true; urls: string[] }
  | { ok: false; error: "forbidden" | "not_found" }
  /** More pictures than the gallery has room for (`room` may be 0). */
  | { ok: false; error: "gallery_full"; room: number }
  /** One of the pictures was refused: which one, and why. */
  | { ok: false; error: ImageErrorKey; fileName: string };

/**
 * Adds several pictures, in the order given, at the end of a store's or staff member's gallery
 * (at most GALLERY_MAX_IMAGES in all): all of them or none. Every upload is checked and re-encoded
 * as WebP without metadata before any is stored; the first refused one refuses the whole post,
 * naming the file. The files are stored, then the row is updated once with the count checked again
 * under its lock; when that fails, every stored file is removed again.
 */
export async function addGalleryImages({
  db,
  images,
  actor,
  target,
  input,
}: {
  db: Db;
  images: ImageStorage;
  actor: Viewer;
  target: GalleryTarget;
  input: { files: readonly GalleryUpload[] };
}): Promise<AddGalleryImagesResult> {
  const found = await findGallery(db, actor, target);
  if (!found.ok) return found;
  const { gallery } = found;
  const room = Math.max(0, GALLERY_MAX_IMAGES - gallery.urls.length);
  if (input.files.length > room) return { ok: false, error: "gallery_full", room };

  // The cheap checks of every file first: a name that does not say "picture" (a.svg, a.html) or a
  // file over the size limit is refused before any decoding starts.
  for (const file of input.files) {
    if (!hasImageExtension(file.fileName))
      return { ok: false, error: "unsupported", fileName: file.fileName };
    if (file.data.byteLength > IMAGE_MAX_BYTES)
      return { ok: false, error: "too_large", fileName: file.fileName };
  }
  const processed: Uint8Array[] = [];
  for (const file of input.files) {
    const result = await processUpload({ db, actor, data: file.data });
    if (!result.ok) return { ok: false, error: result.error, fileName: file.fileName };
    processed.push(result.data);
  }

  const urls: string[] = [];
  const removeStored = () => Promise.all(urls.map((url) => images.remove(url)));
  let result: AddGalleryImagesResult;
  try {
    for (const data of processed) urls.push(await images.save(gallery.folder, data));
    result = await db.transaction(async (tx) => {
      const locked = await findGallery(tx, actor, target, { lock: true });
      if (!locked.ok) return locked;
      const now = locked.gallery;
      if (now.urls.length + urls.length > GALLERY_MAX_IMAGES)
        return {
          ok: false,
          error: "gallery_full",
          room: Math.max(0, GALLERY_MAX_IMAGES - now.urls.length),
        } as const;
      await saveGallery(tx, now, [...now.urls, ...urls]);
      return { ok: true, urls } as const;
    });
  } catch (error) {
    await removeStored();
    throw error;
  }
  if (!result.ok) await removeStored();
  return result;
}
