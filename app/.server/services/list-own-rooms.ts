import { arrayContains, asc, count, desc } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../auth/viewer";
import type { Db } from "../db/client";
import { rooms } from "../db/schema";

export interface RoomItem {
  id: string;
  member_ids: string[];
  /** The other member of the room. */
  counterpart_id: string;
  created_at: Date;
  updated_at: Date;
}

export type ListOwnRoomsResult =
  | { ok: true; items: RoomItem[]; total: number; page: number; pageSize: number }
  | { ok: false; error: "forbidden" };

/**
 * `GET /api/listeners/rooms`: the chat rooms a listener or a staff member is in, most recently
 * active first. (Chat itself is a later issue; until then there are simply no rooms.)
 */
export async function listOwnRooms({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { page: number; pageSize: number };
}): Promise<ListOwnRoomsResult> {
  const refused = roleRefusal(actor, "room.list");
  if (refused) return { ok: false, error: refused };
  const mine = arrayContains(rooms.member_ids, [actor.uid]);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(rooms)
      .where(mine)
      .orderBy(desc(rooms.updated_at), asc(rooms.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(rooms).where(mine),
  ]);
  return {
    ok: true,
    items: rows.map((room) => ({
      ...room,
      counterpart_id: room.member_ids.find((id) => id !== actor.uid) ?? actor.uid,
    })),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
