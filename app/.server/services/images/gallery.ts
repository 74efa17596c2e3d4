import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { findManagedStaff } from "../shared/staff-access";

/** Whose pictures: the actor's own store, or a staff member (themself or of the actor's store). */
export type GalleryTarget = { kind: "liver" } | { kind: "staff"; staffId: string };

export interface Gallery {
  kind: "liver" | "staff";
  uid: string;
  urls: string[];
  /** Where its files go in the image storage: `livers/<uid>` or `staffs/<uid>`. */
  folder: string;
}

export type FoundGallery = { ok: true; gallery: Gallery } | { ok: false; error: "forbidden" | "not_found" };

/**
 * The gallery of `target` if the policy lets `actor` change it (`store.gallery.edit`: the store's
 * own; `staff.gallery.edit`: the staff member or her store), its row locked when inside a
 * transaction; otherwise the policy's refusal.
 */
export async function findGallery(
  db: Db | Tx,
  actor: Viewer,
  target: GalleryTarget,
  { lock = false }: { lock?: boolean } = {},
): Promise<FoundGallery> {
  if (target.kind === "liver") {
    const refused = roleRefusal(actor, "store.gallery.edit");
    if (refused) return { ok: false, error: refused };
    const query = db
      .select({ uid: livers.uid, urls: livers.image_urls, status: livers.status })
      .from(livers)
      .where(eq(livers.uid, actor.uid));
    const [row] = lock ? await query.for("update") : await query;
    if (!row || row.status === "deleted") return { ok: false, error: "not_found" };
    return {
      ok: true,
      gallery: { kind: "liver", uid: row.uid, urls: row.urls, folder: `livers/${row.uid}` },
    };
  }
  const found = await findManagedStaff(db, actor, "staff.gallery.edit", target.staffId, { lock });
  if (!found.ok) return found;
  const { staff } = found;
  return {
    ok: true,
    gallery: { kind: "staff", uid: staff.uid, urls: staff.image_urls, folder: `staffs/${staff.uid}` },
  };
}

export async function saveGallery(tx: Tx, gallery: Gallery, urls: string[]): Promise<void> {
  if (gallery.kind === "liver")
    await tx.update(livers).set({ image_urls: urls }).where(eq(livers.uid, gallery.uid));
  else await tx.update(staffs).set({ image_urls: urls }).where(eq(staffs.uid, gallery.uid));
}
