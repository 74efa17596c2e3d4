import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { IN_APP_KINDS, IN_APP_RECIPIENT_TYPES } from "../../../domain/in-app-notifications";
import { createdAt, tstz } from "./columns";
import { notificationEvents } from "./notifications";

/**
 * The in-app channel of notifications (ADR 0044): one row per recipient of an
 * event, written by the event's fan-out job with the line's words rendered once. A row of a group
 * (a conversation) replaces the recipient's unread one of the same group instead of adding one.
 */
export const notifications = pgTable(
  "notifications",
  {
    notification_id: text("notification_id").primaryKey(),
    recipient_type: text("recipient_type", { enum: IN_APP_RECIPIENT_TYPES }).notNull(),
    recipient_id: text("recipient_id").notNull(),
    event_id: text("event_id")
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: IN_APP_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path of this site, where opening the notification goes. */
    url: text("url").notNull(),
    /** `room:{id}` for a conversation's messages; null for everything else. */
    group_key: text("group_key"),
    created_at: createdAt(),
    read_at: tstz("read_at"),
  },
  (t) => [
    // The list, newest first, paged by (created_at, notification_id).
    index("notifications_recipient_idx").on(t.recipient_id, t.created_at.desc(), t.notification_id.desc()),
    // The bell's count.
    index("notifications_unread_idx").on(t.recipient_id).where(sql`${t.read_at} is null`),
    // Once per event and recipient: a fan-out chunk done again writes nothing twice.
    uniqueIndex("notifications_event_recipient_idx")
      .on(t.event_id, t.recipient_id)
      .where(sql`${t.group_key} is null`),
    // One unread line per conversation and recipient.
    uniqueIndex("notifications_unread_group_idx")
      .on(t.recipient_id, t.group_key)
      .where(sql`${t.read_at} is null and ${t.group_key} is not null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
