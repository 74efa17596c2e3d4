import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import {
  NOTIFICATION_EVENT_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_RECIPIENT_TYPES,
} from "../../../domain/notifications";
import { createdAt, tstz } from "./columns";

/**
 * Notification mail (ADR 0025). An event is written in the transaction of its cause;
 * a job fans it out to its recipients in chunks (`notification_items`, one row per recipient and
 * event, the key that makes a re-run chunk harmless), and `notification_windows` holds each
 * recipient's one-mail-per-kind-per-hour window and how many events wait for its summary.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: NOTIFICATION_EVENT_KINDS }).notNull(),
    /** The event as recorded (ids, title, audience), dates as ISO strings. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** Names and links resolved once by the fan-out (author, store, listener), reused by summaries. */
    details: jsonb("details").$type<Record<string, string>>(),
    occurred_at: tstz("occurred_at").notNull(),
    /** Where the fan-out got to (`{type, after}`), so a restarted job resumes instead of rescanning. */
    cursor: jsonb("cursor").$type<{ type: string; after: string } | null>(),
    fanned_out_at: tstz("fanned_out_at"),
    created_at: createdAt(),
  },
  (t) => [index("notification_events_created_idx").on(t.created_at)],
);

export const NOTIFICATION_ITEM_STATES = ["prompt", "pending", "summarised", "dropped"] as const;

export const notificationItems = pgTable(
  "notification_items",
  {
    event_id: text("event_id")
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    recipient_type: text("recipient_type", { enum: NOTIFICATION_RECIPIENT_TYPES }).notNull(),
    recipient_id: text("recipient_id").notNull(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /**
     * `prompt`: mailed at once; `pending`: waits for the summary at the end of the window;
     * `summarised`: part of a summary; `dropped`: the setting was off when the summary was built.
     */
    state: text("state", { enum: NOTIFICATION_ITEM_STATES }).notNull(),
    /** The outbox mail that carried it (prompt or summary). */
    mail_id: text("mail_id"),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.recipient_type, t.recipient_id] }),
    index("notification_items_pending_idx")
      .on(t.recipient_type, t.recipient_id, t.kind, t.created_at)
      .where(sql`${t.state} = 'pending'`),
  ],
);

export const notificationWindows = pgTable(
  "notification_windows",
  {
    recipient_type: text("recipient_type", { enum: NOTIFICATION_RECIPIENT_TYPES }).notNull(),
    recipient_id: text("recipient_id").notNull(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** No mail of this kind to this recipient before this time; the summary goes out after it. */
    window_end: tstz("window_end").notNull(),
    /** Events waiting for the summary. */
    pending: integer("pending").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recipient_type, t.recipient_id, t.kind] }),
    index("notification_windows_due_idx").on(t.window_end).where(sql`${t.pending} > 0`),
  ],
);

export type NotificationEventRow = typeof notificationEvents.$inferSelect;
