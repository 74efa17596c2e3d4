import type { Db } from "../../db/client";
import { storeReviews } from "../../db/schema/index";
import type { SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { changeStoreAsOperator } from "./operator-store-write";

export type MarkStoreReviewedResult = { ok: true; changed: boolean } | { ok: false; error: "not_found" };

/**
 * An operator has looked at a new store's listing: it leaves the dashboard's "new stores waiting".
 * Marking it twice keeps the first mark.
 */
export async function markStoreReviewed({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { liverId: string };
  now?: Date;
}): Promise<MarkStoreReviewedResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    const inserted = await tx
      .insert(storeReviews)
      .values({
        liver_id: store.uid,
        reviewed_by: actor.uid,
        reviewed_by_email: actor.email,
        reviewed_at: now,
      })
      .onConflictDoNothing()
      .returning({ id: storeReviews.liver_id });
    if (inserted.length === 0) return { ok: true, changed: false } as const;
    await writeAudit(tx, actor, { action: "store.review", targetType: "liver", targetId: store.uid });
    return { ok: true, changed: true } as const;
  });
}
