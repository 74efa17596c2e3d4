import { and, count, eq, isNull, ne } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { messages, rooms } from "../../db/schema";

export type CountUnreadMessagesResult = { ok: true; unread: number } | { ok: false; error: "forbidden" };

/** The header badge: every unread message the counterparts of the actor's rooms sent. */
export async function countUnreadMessages({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<CountUnreadMessagesResult> {
  const refused = roleRefusal(actor, "room.read");
  if (refused) return { ok: false, error: refused };
  const member = actor.type === "staff" ? eq(rooms.staff_id, actor.uid) : eq(rooms.listener_id, actor.uid);
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(rooms, eq(rooms.id, messages.room_id))
    .where(and(member, ne(messages.sender_id, actor.uid), isNull(messages.read_at)));
  return { ok: true, unread: Number(row?.n ?? 0) };
}
