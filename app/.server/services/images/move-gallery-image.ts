import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { findGallery, type GalleryTarget, saveGallery } from "./gallery";

export type GalleryMove = "up" | "down" | "first";
export type MoveGalleryImageResult = { ok: true } | { ok: false; error: "forbidden" | "not_found" };

/** Moves a picture one place earlier or later, or to the front (the first picture is the cover). */
export async function moveGalleryImage({
  db,
  actor,
  target,
  input,
}: {
  db: Db;
  actor: Viewer;
  target: GalleryTarget;
  input: { url: string; direction: GalleryMove };
}): Promise<MoveGalleryImageResult> {
  return db.transaction(async (tx) => {
    const found = await findGallery(tx, actor, target, { lock: true });
    if (!found.ok) return found;
    const { gallery } = found;
    const index = gallery.urls.indexOf(input.url);
    if (index < 0) return { ok: false, error: "not_found" } as const;
    const urls = [...gallery.urls];
    const to = input.direction === "first" ? 0 : input.direction === "up" ? index - 1 : index + 1;
    if (to >= 0 && to < urls.length && to !== index) {
      urls.splice(index, 1);
      urls.splice(to, 0, input.url);
      await saveGallery(tx, gallery, urls);
    }
    return { ok: true } as const;
  });
}
