import { sql } from "drizzle-orm";
import { clampNotificationLimit, type InAppKind } from "~/domain/in-app-notifications";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";

export interface NotificationItem {
  notification_id: string;
  kind: InAppKind;
  title: string;
  body: string;
  url: string;
  created_at: string;
  read_at: string | null;
}

export type ListNotificationsResult =
  | { ok: true; items: NotificationItem[]; unread: number; next_before: string | null }
  | { ok: false; error: "forbidden" | "invalid_before" };

/**
 * `GET /api/notifications?before=&limit=` (ADR 0044): the signed-in account's notifications,
 * newest first, with her unread count. `before` is a notification id of hers (the oldest she
 * has); the page holds the ones older than it, by (created_at, notification_id).
 */
export async function listNotifications({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { before?: string | null; limit?: unknown };
}): Promise<ListNotificationsResult> {
  const refused = roleRefusal(actor, "notification.read");
  if (refused) return { ok: false, error: refused };
  const limit = clampNotificationLimit(input.limit);
  let older = sql``;
  if (input.before) {
    const [cursor] = await queryRows<{ created_at: string; notification_id: string }>(
      db,
      sql`select created_at, notification_id from notifications
          where recipient_id = ${actor.uid} and notification_id = ${input.before}`,
    );
    if (!cursor) return { ok: false, error: "invalid_before" };
    older = sql`and (created_at, notification_id) < (${cursor.created_at}::timestamptz, ${cursor.notification_id})`;
  }
  const [rows, unread] = await Promise.all([
    queryRows<NotificationItem>(
      db,
      sql`select notification_id, kind, title, body, url,
                 to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
                 to_char(read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as read_at
          from notifications where recipient_id = ${actor.uid} ${older}
          order by created_at desc, notification_id desc limit ${limit + 1}`,
    ),
    countUnreadNotifications(db, actor.uid),
  ]);
  const items = rows.slice(0, limit);
  return {
    ok: true,
    items,
    unread,
    next_before: rows.length > limit ? (items.at(-1)?.notification_id ?? null) : null,
  };
}

/** The bell's count: her unread notifications. */
export async function countUnreadNotifications(db: Db, recipientId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from notifications where recipient_id = ${recipientId} and read_at is null`,
  );
  return Number(row?.n ?? 0);
}
