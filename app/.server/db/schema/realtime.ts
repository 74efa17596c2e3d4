import { bigint, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The head of each realtime topic (ADR 0018). A publisher bumps `last_seq` in its own transaction:
 * the row lock makes publishers of one topic take turns until they commit, so sequence numbers are
 * gapless and in commit order per topic (a rolled-back publish gives its number back).
 */
export const realtimeTopics = pgTable("realtime_topics", {
  topic: text("topic").primaryKey(),
  last_seq: bigint("last_seq", { mode: "number" }).notNull(),
});

/**
 * Durable events of the realtime channel: what a subscriber missed is replayed from here after a
 * dropped connection (`Last-Event-ID`). Pruned by age (`pruneRealtimeEvents`); `realtime_topics`
 * keeps the head so numbers never restart.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    topic: text("topic").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.topic, t.seq] }),
    index("realtime_events_created_at_idx").on(t.created_at),
  ],
);

export type RealtimeEventRow = typeof realtimeEvents.$inferSelect;
