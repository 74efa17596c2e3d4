import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { AGE_VERIFICATION_TEXTS } from "~/domain/age-verification";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, type Room, rooms, staffs } from "../../db/schema";
import { mustVerifyAge } from "../age-verification/age-verification-state";
import { listedStaff } from "../shared/staff-query";

export type OpenRoomResult =
  | { ok: true; room: Room; created: boolean }
  | { ok: false; error: "forbidden" | "not_found" }
  /** She must verify her age first (ADR 0055). */
  | { ok: false; error: "age_verification"; message: string };

/**
 * `POST /api/rooms {staff_id}`: a listener opens the room with a publicly listed staff member
 * (メッセージを送る on her page), or finds the one they already share — one room per pair, kept by
 * the unique (listener_id, staff_id) index, so two concurrent opens answer the same room.
 * `created` tells 201 from 200. A staff member cannot open rooms (ADR 0029); a listener whose
 * age is not verified cannot either, while the operator requires it (ADR 0055).
 */
export async function openRoom({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { staff_id: string };
}): Promise<OpenRoomResult> {
  const refused = roleRefusal(actor, "room.open");
  if (refused) return { ok: false, error: refused };
  if (await mustVerifyAge(db, actor))
    return { ok: false, error: "age_verification", message: AGE_VERIFICATION_TEXTS.required };
  return db.transaction(async (tx) => {
    const [listed] = await tx
      .select({ uid: staffs.uid })
      .from(staffs)
      .innerJoin(livers, eq(livers.uid, staffs.liver_id))
      .where(and(listedStaff, eq(staffs.uid, input.staff_id)));
    if (!listed) return { ok: false, error: "not_found" } as const;
    const [inserted] = await tx
      .insert(rooms)
      .values({
        id: randomUUID(),
        member_ids: [actor.uid, listed.uid],
        listener_id: actor.uid,
        staff_id: listed.uid,
      })
      .onConflictDoNothing({ target: [rooms.listener_id, rooms.staff_id] })
      .returning();
    if (inserted) return { ok: true, room: inserted, created: true } as const;
    const [existing] = await tx
      .select()
      .from(rooms)
      .where(and(eq(rooms.listener_id, actor.uid), eq(rooms.staff_id, listed.uid)));
    if (!existing) return { ok: false, error: "not_found" } as const;
    return { ok: true, room: existing, created: false } as const;
  });
}
