import { eq } from "drizzle-orm";
import type { ImageErrorKey } from "~/domain/images";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { processUpload } from "../shared/process-upload";

export type ChangeListenerImageResult =
  | { ok: true; imageUrl: string }
  | { ok: false; error: ImageErrorKey | "forbidden" };

/**
 * A listener's profile picture: the upload is re-encoded (never stored as sent), the new file is
 * written before the profile points at it, and the old file is removed after. `data: null`
 * removes the picture.
 */
export async function changeListenerImage({
  db,
  images,
  actor,
  input,
}: {
  db: Db;
  images: ImageStorage;
  actor: Viewer;
  input: { data: Uint8Array | null };
}): Promise<ChangeListenerImageResult> {
  const refused = roleRefusal(actor, "listener.profile.update");
  if (refused) return { ok: false, error: refused };
  const [current] = await db
    .select({ image_url: listeners.image_url })
    .from(listeners)
    .where(eq(listeners.uid, actor.uid));
  if (!current) return { ok: false, error: "forbidden" };

  let imageUrl = "";
  if (input.data) {
    const processed = await processUpload({ db, actor, data: input.data });
    if (!processed.ok) return processed;
    imageUrl = await images.save(`listeners/${actor.uid}`, processed.data);
  }
  try {
    await db
      .update(listeners)
      .set({ image_url: imageUrl, updated_at: new Date() })
      .where(eq(listeners.uid, actor.uid));
  } catch (error) {
    if (imageUrl) await images.remove(imageUrl);
    throw error;
  }
  if (current.image_url && current.image_url !== imageUrl) await images.remove(current.image_url);
  return { ok: true, imageUrl };
}
