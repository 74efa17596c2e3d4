import { sql } from "drizzle-orm";
import { z } from "zod";
import { NOTIFICATION_PAGE_MAX, NOTIFICATION_TEXTS } from "~/domain/in-app-notifications";
import { roleRefusal } from "~/domain/permissions";
import { accountTopic } from "~/domain/realtime-topics";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import { publish } from "../../realtime/publish";
import { countUnreadNotifications } from "./list-notifications";

const MarkReadSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z
    .object({
      ids: z
        .array(z.string().min(1).max(64), { message: NOTIFICATION_TEXTS.invalidIds })
        .min(1, NOTIFICATION_TEXTS.invalidIds)
        .max(NOTIFICATION_PAGE_MAX, NOTIFICATION_TEXTS.invalidIds),
    })
    .strict(),
]);

export type MarkReadResult =
  | { ok: true; marked: number; unread: number }
  | { ok: false; error: "forbidden" | "invalid"; message?: string; field?: string };

/**
 * `POST /api/notifications/read` `{ids}` or `{all: true}` (ADR 0044): marks the account's own
 * notifications read (ids of others' are simply not hers: nothing happens to them) and tells her
 * open pages the new count (`notification-read` on her account stream), in one transaction.
 */
export async function markNotificationsRead({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: unknown;
}): Promise<MarkReadResult> {
  const refused = roleRefusal(actor, "notification.read");
  if (refused) return { ok: false, error: refused };
  const parsed = MarkReadSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "invalid", message: NOTIFICATION_TEXTS.invalidIds, field: "ids" };
  const which =
    "all" in parsed.data
      ? sql``
      : sql`and notification_id in (select jsonb_array_elements_text(${JSON.stringify(parsed.data.ids)}::jsonb))`;
  return db.transaction(async (tx) => {
    const marked = await queryRows<{ notification_id: string }>(
      tx,
      sql`update notifications set read_at = now()
          where recipient_id = ${actor.uid} and read_at is null ${which}
          returning notification_id`,
    );
    const unread = await tellReadMarks(tx, actor.uid, marked);
    return { ok: true, marked: marked.length, unread };
  });
}

/**
 * A conversation opened: its unread line in her list is read (called by the chat's read mark, in
 * its transaction). Returns whether one was.
 */
export async function markRoomNotificationRead(
  tx: Db,
  recipientId: string,
  roomId: string,
): Promise<boolean> {
  const marked = await queryRows<{ notification_id: string }>(
    tx,
    sql`update notifications set read_at = now()
        where recipient_id = ${recipientId} and group_key = ${`room:${roomId}`} and read_at is null
        returning notification_id`,
  );
  await tellReadMarks(tx, recipientId, marked);
  return marked.length > 0;
}

/**
 * Her count after read marks, told to her open pages (`notification-read`, last in the
 * transaction) when anything was marked.
 */
async function tellReadMarks(
  tx: Db,
  recipientId: string,
  marked: readonly { notification_id: string }[],
): Promise<number> {
  const unread = await countUnreadNotifications(tx, recipientId);
  if (marked.length > 0)
    await publish({
      db: tx,
      topic: accountTopic(recipientId),
      type: "notification-read",
      data: { ids: marked.map((m) => m.notification_id), unread },
    });
  return unread;
}

/**
 * Opening one notification from the list (the page's form): it is read, and its page is where the
 * reader goes next. Null when the id is not one of hers.
 */
export async function openNotification({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { id: string };
}): Promise<{ url: string } | null> {
  if (roleRefusal(actor, "notification.read")) return null;
  const [row] = await queryRows<{ url: string }>(
    db,
    sql`select url from notifications where recipient_id = ${actor.uid} and notification_id = ${input.id}`,
  );
  if (!row) return null;
  await markNotificationsRead({ db, actor, input: { ids: [input.id] } });
  return { url: row.url };
}
