import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FollowTarget } from "~/domain/favorites";
import { roleRefusal } from "~/domain/permissions";
import { accountTopic } from "~/domain/realtime-topics";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Favorite, favorites, livers, staffs } from "../../db/schema";
import { publish } from "../../realtime/publish";
import { recordNotification } from "../notifications/record-notification";
import { listedStaff } from "../shared/staff-query";

export type FollowTargetResult =
  | { ok: true; favorite: Favorite; created: boolean; follower_number: number }
  | { ok: false; error: "forbidden" | "not_found" };

/**
 * A listener follows a publicly listed staff member or a public store. Following twice is
 * harmless (the existing follow is answered). `follower_number` moves by exactly one with each
 * new follow: the insert is guarded by the unique (listener, target) index and the counter is
 * incremented in the same transaction under the target row's lock, so concurrent follows of one
 * target never lose an update (proved on PostgreSQL by the integration tests).
 */
export async function followTarget({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: FollowTarget;
}): Promise<FollowTargetResult> {
  const refused = roleRefusal(actor, "favorite.follow");
  if (refused) return { ok: false, error: refused };
  return db.transaction(async (tx) => {
    const followable =
      input.kind === "staff"
        ? await tx
            .select({ uid: staffs.uid })
            .from(staffs)
            .innerJoin(livers, eq(livers.uid, staffs.liver_id))
            .where(and(listedStaff, eq(staffs.uid, input.id)))
        : await tx
            .select({ uid: livers.uid })
            .from(livers)
            .where(and(eq(livers.status, "public"), eq(livers.uid, input.id)));
    if (followable.length === 0) return { ok: false, error: "not_found" } as const;

    const [inserted] = await tx
      .insert(favorites)
      .values({
        favorite_id: randomUUID(),
        uid: actor.uid,
        staff_id: input.kind === "staff" ? input.id : null,
        liver_id: input.kind === "liver" ? input.id : null,
      })
      .onConflictDoNothing()
      .returning();
    const table = input.kind === "staff" ? staffs : livers;
    if (inserted) {
      const [counter] = await tx
        .update(table)
        .set({ follower_number: sql`${table.follower_number} + 1` })
        .where(eq(table.uid, input.id))
        .returning({ follower_number: table.follower_number });
      // Her notifications tell her who followed (ADR 0044); the job writes the line.
      await recordNotification(tx, {
        kind: "new_follower",
        target: { type: input.kind, id: input.id },
        listenerId: actor.uid,
        at: new Date(),
      });
      // The followed account hears it live (its mypage), once the follow commits.
      await publish({
        db: tx,
        topic: accountTopic(input.id),
        type: "follower",
        data: { follower_number: counter?.follower_number ?? 0, change: 1 },
      });
      return {
        ok: true,
        favorite: inserted,
        created: true,
        follower_number: counter?.follower_number ?? 0,
      } as const;
    }
    const targetColumn = input.kind === "staff" ? favorites.staff_id : favorites.liver_id;
    const [existing] = await tx
      .select()
      .from(favorites)
      .where(and(eq(favorites.uid, actor.uid), eq(targetColumn, input.id)));
    const [counter] = await tx
      .select({ follower_number: table.follower_number })
      .from(table)
      .where(eq(table.uid, input.id));
    if (!existing) return { ok: false, error: "not_found" } as const;
    return {
      ok: true,
      favorite: existing,
      created: false,
      follower_number: counter?.follower_number ?? 0,
    } as const;
  });
}
