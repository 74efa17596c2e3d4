import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { BROADCASTER_TYPES, LIVE_END_REASONS, LIVE_STATUSES } from "../../../domain/live";
import { REPORT_OUTCOMES } from "../../../domain/reports";
import { createdAt, tstz } from "./columns";
import { listeners } from "./listeners";
import { livers } from "./livers";

/**
 * A live stream of a staff member or a store (ADR 0031). `liver_id` is always the store (a
 * staff member's live carries her store), so a store's lives are one index range and a store's
 * deletion removes them. At most one row per broadcaster is `live`: a partial unique index, so
 * two concurrent starts cannot both win (ADR 0031).
 */
export const lives = pgTable(
  "lives",
  {
    live_id: text("live_id").primaryKey(),
    broadcaster_type: text("broadcaster_type", { enum: BROADCASTER_TYPES }).notNull(),
    /** The staff member's uid or the store's uid. */
    broadcaster_id: text("broadcaster_id").notNull(),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    title: text("title").notNull(),
    status: text("status", { enum: LIVE_STATUSES }).notNull().default("live"),
    started_at: tstz("started_at").notNull().defaultNow(),
    ended_at: tstz("ended_at"),
    viewer_peak: integer("viewer_peak").notNull().default(0),
    comment_count: integer("comment_count").notNull().default(0),
    /** The viewers counted the last time (what the `viewers` event said). */
    viewer_count: integer("viewer_count").notNull().default(0),
    /** When the broadcaster panel last said it is there; 30 s of silence ends the live. */
    broadcaster_seen_at: tstz("broadcaster_seen_at").notNull().defaultNow(),
    end_reason: text("end_reason", { enum: LIVE_END_REASONS }),
    /** The `live` post written when it started (ADR 0024). */
    post_id: text("post_id"),
    /** The comment the broadcaster pinned at the top for everyone (ADR 0043). */
    pinned_comment_id: text("pinned_comment_id"),
  },
  (t) => [
    check("lives_title_length", sql`char_length(${t.title}) between 1 and 50`),
    check("lives_ended", sql`(${t.status} = 'ended') = (${t.ended_at} is not null)`),
    uniqueIndex("lives_one_live_per_broadcaster").on(t.broadcaster_id).where(sql`${t.status} = 'live'`),
    // A broadcaster's past lives, newest first (the viewer page when not live).
    index("lives_broadcaster_started_idx").on(t.broadcaster_id, t.started_at.desc()),
    // Who is live now (top, store and staff pages, `GET /api/lives?status=live`).
    index("lives_live_started_idx").on(t.started_at.desc()).where(sql`${t.status} = 'live'`),
    index("lives_liver_started_idx").on(t.liver_id, t.started_at.desc()),
  ],
);

/**
 * A comment in a live: a listener's, or the broadcaster's own (ADR 0043, shown with 「配信者」).
 * `deleted` by the broadcaster (or the store) stays for reports.
 */
export const liveComments = pgTable(
  "live_comments",
  {
    comment_id: text("comment_id").primaryKey(),
    live_id: text("live_id")
      .notNull()
      .references(() => lives.live_id, { onDelete: "cascade" }),
    author_type: text("author_type", { enum: ["listener", "broadcaster"] })
      .notNull()
      .default("listener"),
    /** The listener who wrote it; null for the broadcaster's comments. */
    listener_id: text("listener_id").references(() => listeners.uid, { onDelete: "cascade" }),
    /** The nickname at the time (a renamed listener's old comments keep their name). */
    nickname: text("nickname").notNull(),
    /** The listener's fan level for this broadcaster when she wrote it (0 for the broadcaster). */
    fan_level: integer("fan_level").notNull().default(0),
    body: text("body").notNull(),
    status: text("status", { enum: ["visible", "deleted"] })
      .notNull()
      .default("visible"),
    deleted_at: tstz("deleted_at"),
    created_at: createdAt(),
  },
  (t) => [
    check("live_comments_body_length", sql`char_length(${t.body}) between 1 and 200`),
    check("live_comments_author", sql`(${t.author_type} = 'listener') = (${t.listener_id} is not null)`),
    // A listener's comments by time (her fan points are recomputed from them: ADR 0043).
    index("live_comments_listener_created_idx").on(t.listener_id, t.created_at),
    index("live_comments_live_created_idx").on(t.live_id, t.created_at, t.comment_id),
  ],
);

/**
 * A broadcaster's block of a listener: the listener can no longer comment in any live of that
 * broadcaster (a staff member or a store). Watching needs no account, so it stays possible.
 */
export const liveBlocks = pgTable(
  "live_blocks",
  {
    broadcaster_id: text("broadcaster_id").notNull(),
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    /** The live it happened in, for the record. */
    live_id: text("live_id").references(() => lives.live_id, { onDelete: "set null" }),
    blocked_by: text("blocked_by").notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.broadcaster_id, t.listener_id] })],
);

/** A comment as the operator reads it in a report. */
export interface ReportedComment {
  comment_id: string;
  listener_id: string;
  nickname: string;
  body: string;
  status: "visible" | "deleted";
  created_at: string;
}

/**
 * A listener's report of a live comment for the operator's queue (ADR 0033): a snapshot of the
 * comment and of its neighbours (the comments around it), taken when the report is filed.
 */
export const liveCommentReports = pgTable(
  "live_comment_reports",
  {
    report_id: text("report_id").primaryKey(),
    live_id: text("live_id")
      .notNull()
      .references(() => lives.live_id, { onDelete: "cascade" }),
    comment_id: text("comment_id").notNull(),
    reporter_id: text("reporter_id").notNull(),
    /** The comment's author. */
    reported_id: text("reported_id").notNull(),
    reason: text("reason").notNull(),
    comment: jsonb("comment").$type<ReportedComment>().notNull(),
    /** Up to 10 comments before and 10 after the reported one, oldest first (it included). */
    context: jsonb("context").$type<ReportedComment[]>().notNull().default([]),
    status: text("status", { enum: ["open", "handled"] })
      .notNull()
      .default("open"),
    created_at: createdAt(),
    handled_at: tstz("handled_at"),
    /** What the operator did (ADR 0030): set with `status` `handled`. */
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    /** The operator's note (sent to the reported account with a warning). */
    outcome_note: text("outcome_note").notNull().default(""),
    handled_by: text("handled_by"),
    handled_by_email: text("handled_by_email").notNull().default(""),
  },
  (t) => [
    check("live_comment_reports_reason_length", sql`char_length(${t.reason}) between 1 and 1000`),
    uniqueIndex("live_comment_reports_once_idx").on(t.comment_id, t.reporter_id),
    index("live_comment_reports_status_created_idx").on(t.status, t.created_at.desc()),
  ],
);

/**
 * Who is watching a live now: one row per viewer (a browser tab) that joined and keeps saying it
 * is there. The count and the cap (「満員です」) are read from here, so they hold across server
 * processes. Rows silent for 40 s are gone.
 */
export const liveViewers = pgTable(
  "live_viewers",
  {
    live_id: text("live_id")
      .notNull()
      .references(() => lives.live_id, { onDelete: "cascade" }),
    viewer_id: text("viewer_id").notNull(),
    /** The signed-in listener, if any (a signed-out viewer watches too). */
    listener_id: text("listener_id"),
    created_at: createdAt(),
    seen_at: tstz("seen_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.live_id, t.viewer_id] }),
    index("live_viewers_live_seen_idx").on(t.live_id, t.seen_at),
  ],
);

export type Live = typeof lives.$inferSelect;
export type LiveComment = typeof liveComments.$inferSelect;
export type LiveCommentReport = typeof liveCommentReports.$inferSelect;
