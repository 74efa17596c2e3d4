import { and, count, eq, isNull, ne } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { messages, rooms } from "../../db/schema";

export type CountUnreadMessagesResult = { ok: true; unread: number } | { ok: false; error: "forbidden" };

/**
 * The header badge: every unread message the counterparts of the actor's rooms sent. `opening` is
 * the room the same request opens (its page marks it read while this counts, so it counts as read
 * already — the counts of the header and the menu never lag behind the page).
 */
export async function countUnreadMessages({
  db,
  actor,
  input = {},
}: {
  db: Db;
  actor: Viewer;
  input?: { opening?: string | null };
}): Promise<CountUnreadMessagesResult> {
  const refused = roleRefusal(actor, "room.read");
  if (refused) return { ok: false, error: refused };
  const member = actor.type === "staff" ? eq(rooms.staff_id, actor.uid) : eq(rooms.listener_id, actor.uid);
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(rooms, eq(rooms.id, messages.room_id))
    .where(
      and(
        member,
        ne(messages.sender_id, actor.uid),
        isNull(messages.read_at),
        input.opening ? ne(messages.room_id, input.opening) : undefined,
      ),
    );
  return { ok: true, unread: Number(row?.n ?? 0) };
}
