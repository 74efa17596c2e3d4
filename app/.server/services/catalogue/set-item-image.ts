import { eq } from "drizzle-orm";
import { hasImageExtension, type ImageErrorKey } from "~/domain/images";
import type { Db } from "../../db/client";
import { items } from "../../db/schema/index";
import { processImage } from "../../integrations/images/process-image";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { lockItem } from "./catalogue-write";

export type SetItemImageResult =
  | { ok: true; url: string }
  | { ok: false; error: "not_found" | "too_many_uploads" | ImageErrorKey };

/**
 * Gives an item a new picture through the image pipeline (ADR 0033): a name that does not say
 * "picture" is refused, the bytes are decoded and re-encoded as WebP without metadata, stored under
 * `items/<id>`, then the row points at it; the old picture (one we stored) is removed after the
 * commit, the new one when the row could not take it. Counted against the operator's upload
 * allowance like every account's. Audited.
 */
export async function setItemImage({
  db,
  images,
  actor,
  input,
}: {
  db: Db;
  images: ImageStorage;
  actor: SignedInOperator;
  input: { itemId: string; data: Uint8Array; fileName: string };
}): Promise<SetItemImageResult> {
  await assertOperator(db, actor);
  if (!hasImageExtension(input.fileName)) return { ok: false, error: "unsupported" };
  const limited = await hitRateLimit(db, RATE_LIMITS.uploadPerAccount, actor.uid);
  if (!limited.allowed) return { ok: false, error: "too_many_uploads" };
  const processed = await processImage(input.data);
  if (!processed.ok) return processed;
  const url = await images.save(`items/${input.itemId}`, processed.data);
  let previous: string | null = null;
  try {
    const done = await db.transaction(async (tx) => {
      const item = await lockItem(tx, input.itemId);
      if (!item) return false;
      previous = item.image_url;
      await tx.update(items).set({ image_url: url }).where(eq(items.item_id, input.itemId));
      await writeAudit(tx, actor, {
        action: "item.image",
        targetType: "item",
        targetId: input.itemId,
        details: { from: item.image_url, to: url },
      });
      return true;
    });
    if (!done) {
      await images.remove(url);
      return { ok: false, error: "not_found" };
    }
  } catch (error) {
    await images.remove(url);
    throw error;
  }
  if (previous) await images.remove(previous);
  return { ok: true, url };
}
