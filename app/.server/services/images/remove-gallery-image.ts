import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { findGallery, type GalleryTarget, saveGallery } from "./gallery";

export type RemoveGalleryImageResult = { ok: true } | { ok: false; error: "forbidden" | "not_found" };

/** Removes one picture from a gallery, then its file (after the row no longer points at it). */
export async function removeGalleryImage({
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
  input: { url: string };
}): Promise<RemoveGalleryImageResult> {
  const removed = await db.transaction(async (tx) => {
    const found = await findGallery(tx, actor, target, { lock: true });
    if (!found.ok) return found;
    const { gallery } = found;
    if (!gallery.urls.includes(input.url)) return { ok: false, error: "not_found" } as const;
    await saveGallery(
      tx,
      gallery,
      gallery.urls.filter((url) => url !== input.url),
    );
    return { ok: true } as const;
  });
  if (!removed.ok) return removed;
  await images.remove(input.url);
  return { ok: true };
}
