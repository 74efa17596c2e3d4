import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { messages, rooms } from "../../db/schema";
import { type Counterpart, loadCounterparts, UNNAMED_LISTENER } from "./counterparts";

export interface LastMessage {
  message_id: string;
  sender_id: string;
  body: string;
  image_url: string | null;
  created_at: Date;
}

export interface RoomItem {
  id: string;
  /** The API's name of the id (ADR 0029). */
  room_id: string;
  member_ids: string[];
  /** The other member of the room. */
  counterpart_id: string;
  counterpart: Counterpart;
  last_message: LastMessage | null;
  last_message_at: Date | null;
  /** The counterpart's messages the actor has not read. */
  unread_count: number;
  created_at: Date;
  updated_at: Date;
}

export type ListOwnRoomsResult =
  | { ok: true; items: RoomItem[]; total: number; page: number; pageSize: number }
  | { ok: false; error: "forbidden" };

/**
 * `GET /api/listeners/rooms` and the inboxes: the rooms a listener or a staff member is in, with
 * the counterpart's name and picture, the last message and the unread count, newest activity
 * first (last message, else the room's opening). A staff member sees only rooms with at least one
 * message — a listener who opened a room and wrote nothing has said nothing yet (ADR 0029).
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
  const mine: SQL =
    actor.type === "staff"
      ? and(eq(rooms.staff_id, actor.uid), isNotNull(rooms.last_message_at))!
      : eq(rooms.listener_id, actor.uid);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(rooms)
      .where(mine)
      .orderBy(desc(sql`coalesce(${rooms.last_message_at}, ${rooms.created_at})`), asc(rooms.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(rooms).where(mine),
  ]);
  const ids = rows.map((room) => room.id);
  const [lastRows, unreadRows, counterparts] = await Promise.all([
    ids.length
      ? db
          .selectDistinctOn([messages.room_id], {
            room_id: messages.room_id,
            message_id: messages.message_id,
            sender_id: messages.sender_id,
            body: messages.body,
            image_url: messages.image_url,
            created_at: messages.created_at,
          })
          .from(messages)
          .where(inArray(messages.room_id, ids))
          .orderBy(messages.room_id, desc(messages.created_at), desc(messages.message_id))
      : [],
    ids.length
      ? db
          .select({ room_id: messages.room_id, n: count() })
          .from(messages)
          .where(
            and(inArray(messages.room_id, ids), ne(messages.sender_id, actor.uid), isNull(messages.read_at)),
          )
          .groupBy(messages.room_id)
      : [],
    loadCounterparts(db, {
      listenerIds: actor.type === "staff" ? rows.map((room) => room.listener_id) : [],
      staffIds: actor.type === "staff" ? [] : rows.map((room) => room.staff_id),
    }),
  ]);
  const last = new Map(lastRows.map(({ room_id, ...message }) => [room_id, message]));
  const unread = new Map(unreadRows.map((row) => [row.room_id, Number(row.n)]));
  return {
    ok: true,
    items: rows.map((room) => {
      const counterpartId = room.listener_id === actor.uid ? room.staff_id : room.listener_id;
      return {
        ...room,
        room_id: room.id,
        counterpart_id: counterpartId,
        counterpart: counterparts.get(counterpartId) ?? {
          id: counterpartId,
          type: actor.type === "staff" ? "listener" : "staff",
          name: UNNAMED_LISTENER,
          image_url: "",
        },
        last_message: last.get(room.id) ?? null,
        unread_count: unread.get(room.id) ?? 0,
      };
    }),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
