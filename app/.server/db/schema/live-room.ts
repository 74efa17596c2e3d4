import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns";
import { listeners } from "./listeners";
import { lives } from "./lives";

/**
 * What the live room keeps beside the ledger (ADR 0043). Every row here can be recomputed from
 * the rows that cause it — gifts, comments, watch minutes — and `npm run fans:reconcile` does so.
 */

/**
 * Who supported a live, and with how many coins: one row per listener per live, moved by the same
 * statement as the gift (the ranking reads its top 20 without adding the live's gifts up).
 */
export const liveSupporters = pgTable(
  "live_supporters",
  {
    live_id: text("live_id")
      .notNull()
      .references(() => lives.live_id, { onDelete: "cascade" }),
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    coins: integer("coins").notNull(),
    points: integer("points").notNull(),
    gifts: integer("gifts").notNull(),
    /** The first gift: who reached a total first ranks first among equals. */
    first_at: tstz("first_at").notNull(),
    last_at: tstz("last_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.live_id, t.listener_id] }),
    index("live_supporters_rank_idx").on(t.live_id, t.coins.desc(), t.first_at),
  ],
);

/**
 * A listener's fan points for one broadcaster (staff member or store) in one Tokyo month: coins
 * gifted, comments and minutes watched (each already capped per day) and their sum. The level is
 * read from the sum with the thresholds of the day (`fan_level_thresholds`), never stored.
 */
export const fanPoints = pgTable(
  "fan_points",
  {
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    broadcaster_id: text("broadcaster_id").notNull(),
    /** `YYYY-MM` in Asia/Tokyo. */
    month: text("month").notNull(),
    coins: integer("coins").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    minutes: integer("minutes").notNull().default(0),
    points: integer("points").notNull().default(0),
    updated_at: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listener_id, t.broadcaster_id, t.month] }),
    index("fan_points_broadcaster_idx").on(t.broadcaster_id, t.month, t.points.desc()),
    check("fan_points_sum", sql`${t.points} = ${t.coins} + ${t.comments} + ${t.minutes}`),
  ],
);

/** Comments and minutes of one listener for one broadcaster on one Tokyo day (the daily caps). */
export const fanDays = pgTable(
  "fan_days",
  {
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    broadcaster_id: text("broadcaster_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    comments: integer("comments").notNull().default(0),
    minutes: integer("minutes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listener_id, t.broadcaster_id, t.day] })],
);

/**
 * A minute a signed-in listener watched a live with the page visible (the viewer's heartbeat says
 * so): one row per listener, broadcaster and minute, whatever the number of tabs.
 */
export const liveWatchMinutes = pgTable(
  "live_watch_minutes",
  {
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    broadcaster_id: text("broadcaster_id").notNull(),
    minute: tstz("minute").notNull(),
    live_id: text("live_id")
      .notNull()
      .references(() => lives.live_id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.listener_id, t.broadcaster_id, t.minute] })],
);

/**
 * Everyone who watched a live, once: a signed-in listener by her id, anyone else by the viewer id
 * of the tab. The summary's unique viewers.
 */
export const liveAudience = pgTable(
  "live_audience",
  {
    live_id: text("live_id")
      .notNull()
      .references(() => lives.live_id, { onDelete: "cascade" }),
    /** `listener:<uid>` or `viewer:<viewer_id>`. */
    viewer_key: text("viewer_key").notNull(),
    first_at: tstz("first_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.live_id, t.viewer_key] })],
);

export type LiveSupporter = typeof liveSupporters.$inferSelect;
export type FanPoints = typeof fanPoints.$inferSelect;
