import type { ImageErrorKey } from "~/domain/images";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { addGalleryImages } from "./add-gallery-images";
import type { GalleryTarget } from "./gallery";

export type AddGalleryImageResult =
  | { ok: true; url: string }
  | { ok: false; error: "forbidden" | "not_found" | "gallery_full" | ImageErrorKey };

/**
 * Adds one picture at the end of a store's or staff member's gallery (at most GALLERY_MAX_IMAGES):
 * `addGalleryImages` with a single file (re-encoded as WebP without metadata, the count checked
 * again with the row locked, the file removed when the row could not take it).
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
  const result = await addGalleryImages({ db, images, actor, target, input: { files: [input] } });
  if (result.ok) return { ok: true, url: result.urls[0]! };
  return { ok: false, error: result.error };
}
