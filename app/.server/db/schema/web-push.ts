import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, tstz, updatedAt } from "./columns";

/**
 * Web push (ADR 0045). A device's subscription belongs to one account (the endpoint is unique: a
 * browser that signs in as someone else moves its subscription with it). Each push to send is a
 * `push_deliveries` row written by the fan-out in the chunk's transaction and sent by `push.deliver`
 * jobs: the row is the record that makes a retried job send only what is still pending.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    /** The account's uid (a listener, store or staff member); gone with the account. */
    account_id: text("account_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the RFC 8291 encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_account_idx").on(t.account_id),
  ],
);

export const PUSH_DELIVERY_STATES = ["pending", "sent", "failed"] as const;

export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: text("id").primaryKey(),
    subscription_id: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** The notification event: one push per event and device, whatever re-runs. */
    event_id: text("event_id").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    /** The device shows one notification per tag (a conversation's pushes replace each other). */
    tag: text("tag").notNull(),
    state: text("state", { enum: PUSH_DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    created_at: createdAt(),
    sent_at: tstz("sent_at"),
  },
  (t) => [
    uniqueIndex("push_deliveries_event_subscription_idx").on(t.event_id, t.subscription_id),
    index("push_deliveries_pending_idx").on(t.created_at).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Per account: which kinds come by push (absent = on) and, for a listener, the hour of her daily
 * shift summary (null = 17:00 Tokyo). A row exists once she changed something.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  account_id: text("account_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  push: jsonb("push").$type<Record<string, boolean>>().notNull().default({}),
  shift_hour: smallint("shift_hour"),
  updated_at: updatedAt(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
