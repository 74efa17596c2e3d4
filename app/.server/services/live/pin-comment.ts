import { and, eq } from "drizzle-orm";
import { type LivePinEvent, liveTopic } from "~/domain/live";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { liveComments, lives } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { findManagedLive, isLiveIdShape } from "./live-access";
import { commentEvent } from "./write-comment";

export type PinCommentResult =
  | { ok: true; pin: LivePinEvent }
  | { ok: false; error: "forbidden" | "not_found" | "ended" };

/**
 * `PUT /api/lives/{id}/pin {comment_id}` and `DELETE /api/lives/{id}/pin` (the broadcaster or her
 * store, as moderation): one comment of the live, still shown, pinned at the top for everyone —
 * pinning another replaces it — or none. `pin` is published with the comment (or null) under the
 * live row's lock; a live that is over keeps what it had.
 */
export async function pinComment({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  /** null takes the pin down. */
  input: { liveId: string; commentId: string | null };
}): Promise<PinCommentResult> {
  return db.transaction(async (tx) => {
    const found = await findManagedLive(tx, actor, "live.moderate", input.liveId, { lock: true });
    if (!found.ok) return found;
    if (found.live.status !== "live") return { ok: false, error: "ended" } as const;
    let pin: LivePinEvent = { comment: null };
    if (input.commentId !== null) {
      if (!isLiveIdShape(input.commentId)) return { ok: false, error: "not_found" } as const;
      const [comment] = await tx
        .select()
        .from(liveComments)
        .where(
          and(
            eq(liveComments.comment_id, input.commentId),
            eq(liveComments.live_id, found.live.live_id),
            eq(liveComments.status, "visible"),
          ),
        );
      if (!comment) return { ok: false, error: "not_found" } as const;
      pin = { comment: commentEvent(comment) };
    }
    await tx
      .update(lives)
      .set({ pinned_comment_id: pin.comment?.comment_id ?? null })
      .where(eq(lives.live_id, found.live.live_id));
    await publish({ db: tx, topic: liveTopic(found.live.live_id), type: "pin", data: pin });
    return { ok: true, pin } as const;
  });
}
