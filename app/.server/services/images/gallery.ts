import { eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { findManagedStaff, type Tx } from "../staff/staff-access";

/** Whose pictures: the actor's own store, or a staff member (themself or of the actor's store). */
export type GalleryTarget = { kind: "liver" } | { kind: "staff"; staffId: string };

export interface Gallery {
  kind: "liver" | "staff";
  uid: string;
  urls: string[];
  /** Where its files go in the image storage: `livers/<uid>` or `staffs/<uid>`. */
  folder: string;
}

/**
 * The gallery of `target` if `actor` may change it (stores: their own; staff pictures: the staff
 * member or their store), its row locked when inside a transaction; null otherwise.
 */
export async function findGallery(
  db: Db | Tx,
  actor: Viewer,
  target: GalleryTarget,
  { lock = false }: { lock?: boolean } = {},
): Promise<Gallery | null> {
  if (target.kind === "liver") {
    if (actor.type !== "liver") return null;
    const query = db
      .select({ uid: livers.uid, urls: livers.image_urls, status: livers.status })
      .from(livers)
      .where(eq(livers.uid, actor.uid));
    const [row] = lock ? await query.for("update") : await query;
    if (!row || row.status === "deleted") return null;
    return { kind: "liver", uid: row.uid, urls: row.urls, folder: `livers/${row.uid}` };
  }
  const staff = await findManagedStaff(db, actor, target.staffId, { lock });
  if (!staff) return null;
  return { kind: "staff", uid: staff.uid, urls: staff.image_urls, folder: `staffs/${staff.uid}` };
}

export async function saveGallery(tx: Tx, gallery: Gallery, urls: string[]): Promise<void> {
  if (gallery.kind === "liver")
    await tx.update(livers).set({ image_urls: urls }).where(eq(livers.uid, gallery.uid));
  else await tx.update(staffs).set({ image_urls: urls }).where(eq(staffs.uid, gallery.uid));
}
