import { and, eq, sql } from "drizzle-orm";
import type { FollowTarget } from "~/domain/favorites";
import { roleRefusal } from "~/domain/permissions";
import { accountTopic } from "~/domain/realtime-topics";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { favorites, livers, staffs } from "../../db/schema";
import { publish } from "../../realtime/publish";

export type UnfollowInput = { favorite_id: string } | FollowTarget;

export type UnfollowTargetResult =
  | { ok: true; favorite_id: string; kind: "staff" | "liver"; target_id: string; follower_number: number }
  | { ok: false; error: "forbidden" | "not_found" };

/**
 * A listener removes one of their own follows, by its id (the JSON API) or by its target (the
 * follow buttons). Someone else's follow is "not found". The target's `follower_number` goes down
 * by one in the same transaction as the delete, never below zero.
 */
export async function unfollowTarget({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: UnfollowInput;
}): Promise<UnfollowTargetResult> {
  const refused = roleRefusal(actor, "favorite.unfollow");
  if (refused) return { ok: false, error: refused };
  const which =
    "favorite_id" in input
      ? eq(favorites.favorite_id, input.favorite_id)
      : input.kind === "staff"
        ? eq(favorites.staff_id, input.id)
        : eq(favorites.liver_id, input.id);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(favorites)
      .where(and(eq(favorites.uid, actor.uid), which))
      .returning({
        favorite_id: favorites.favorite_id,
        staff_id: favorites.staff_id,
        liver_id: favorites.liver_id,
      });
    if (!removed) return { ok: false, error: "not_found" } as const;
    const kind = removed.staff_id ? ("staff" as const) : ("liver" as const);
    const table = kind === "staff" ? staffs : livers;
    const targetId = (removed.staff_id ?? removed.liver_id)!;
    const [counter] = await tx
      .update(table)
      .set({ follower_number: sql`greatest(${table.follower_number} - 1, 0)` })
      .where(eq(table.uid, targetId))
      .returning({ follower_number: table.follower_number });
    await publish({
      db: tx,
      topic: accountTopic(targetId),
      type: "follower",
      data: { follower_number: counter?.follower_number ?? 0, change: -1 },
    });
    return {
      ok: true,
      favorite_id: removed.favorite_id,
      kind,
      target_id: targetId,
      follower_number: counter?.follower_number ?? 0,
    } as const;
  });
}
