import { GALLERY_MAX_IMAGES, hasImageExtension, type ImageErrorKey } from "~/domain/images";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";

import type { ImageStorage } from "../../integrations/storage/image-storage";
import { processUpload } from "../shared/process-upload";
import { findGallery, type GalleryTarget, saveGallery } from "./gallery";

export type AddGalleryImageResult =
  | { ok: true; url: string }
  | { ok: false; error: "forbidden" | "not_found" | "gallery_full" | ImageErrorKey };

/**
 * Adds a picture at the end of a store's or staff member's gallery (at most GALLERY_MAX_IMAGES).
 * The upload is decoded and re-encoded as WebP without metadata before anything is stored; the
 * count is checked again with the row locked, and a file whose row could not take it is removed.
 */
export async function addGalleryImage({
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
  /** The upload's bytes and the file name the browser sent. */
  input: { data: Uint8Array; fileName: string };
}): Promise<AddGalleryImageResult> {
  const found = await findGallery(db, actor, target);
  if (!found.ok) return found;
  const before = found.gallery;
  if (before.urls.length >= GALLERY_MAX_IMAGES) return { ok: false, error: "gallery_full" };

  // A name that does not say "picture" (a.svg, a.html, a.exe) is refused whatever the bytes are.
  if (!hasImageExtension(input.fileName)) return { ok: false, error: "unsupported" };
  const processed = await processUpload({ db, actor, data: input.data });
  if (!processed.ok) return processed;
  const url = await images.save(before.folder, processed.data);

  let result: AddGalleryImageResult;
  try {
    result = await db.transaction(async (tx) => {
      const locked = await findGallery(tx, actor, target, { lock: true });
      if (!locked.ok) return locked;
      const { gallery } = locked;
      if (gallery.urls.length >= GALLERY_MAX_IMAGES) return { ok: false, error: "gallery_full" } as const;
      await saveGallery(tx, gallery, [...gallery.urls, url]);
      return { ok: true, url } as const;
    });
  } catch (error) {
    await images.remove(url);
    throw error;
  }
  if (!result.ok) await images.remove(url);
  return result;
}
