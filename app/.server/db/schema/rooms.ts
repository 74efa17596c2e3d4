import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { REPORT_OUTCOMES } from "../../../domain/reports";
import { createdAt, tstz, updatedAt } from "./columns";
import { listeners } from "./listeners";
import { staffs } from "./staffs";

/**
 * A chat room between a listener and a staff member (ADR 0029; the other member is the
 * counterpart). `member_ids` is the API's pair; `listener_id` and `staff_id` name the two
 * roles so that one pair has exactly one room (unique index) and foreign keys clean up.
 */
export const rooms = pgTable(
  "rooms",
  {
    id: text("id").primaryKey(),
    member_ids: text("member_ids").array().notNull(),
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    staff_id: text("staff_id")
      .notNull()
      .references(() => staffs.uid, { onDelete: "cascade" }),
    /** The newest message's time; null until the first message (rooms sort by it, then created_at). */
    last_message_at: tstz("last_message_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("rooms_two_members", sql`cardinality(${t.member_ids}) = 2`),
    check("rooms_members_are_the_pair", sql`${t.member_ids} = array[${t.listener_id}, ${t.staff_id}]`),
    index("rooms_member_ids_idx").using("gin", t.member_ids),
    uniqueIndex("rooms_pair_idx").on(t.listener_id, t.staff_id),
    index("rooms_staff_idx").on(t.staff_id),
  ],
);

/** The gift a gift message stands for (a snapshot: the catalogue may change later). */
export interface MessageGift {
  gift_id: string;
  item_id: string;
  name: string;
  image_url: string;
  quantity: number;
  /** The combo it joined and ×N with it (ADR 0043); absent on gifts older than combos. */
  combo_id?: string;
  combo_count?: number;
  /** 1 banner, 2 overlay, 3 full screen (domain/gifts.ts). */
  tier?: number;
}

/** One message of a room. `read_at` is set when the counterpart reads it. */
export const messages = pgTable(
  "messages",
  {
    message_id: text("message_id").primaryKey(),
    room_id: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    sender_id: text("sender_id").notNull(),
    body: text("body").notNull(),
    image_url: text("image_url"),
    /** A gift given in the room (ADR 0038): the body says it in words, this carries what it was. */
    gift: jsonb("gift").$type<MessageGift>(),
    created_at: createdAt(),
    read_at: tstz("read_at"),
  },
  (t) => [
    // A picture message may come without text (ADR 0030); text alone needs 1–1,000 characters.
    check(
      "messages_body_length",
      sql`char_length(${t.body}) <= 1000 and (char_length(${t.body}) >= 1 or ${t.image_url} is not null)`,
    ),
    // A room's page, newest first, with the (created_at, message_id) cursor.
    index("messages_room_created_idx").on(t.room_id, t.created_at.desc(), t.message_id.desc()),
    // Unread counts: few rows are unread, so the partial index stays small.
    index("messages_unread_idx").on(t.room_id, t.sender_id).where(sql`${t.read_at} is null`),
  ],
);

/** A member's block of the room's counterpart (either member may block; ADR 0029). */
export const roomBlocks = pgTable(
  "room_blocks",
  {
    room_id: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    blocker_id: text("blocker_id").notNull(),
    blocked_id: text("blocked_id").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.room_id, t.blocker_id] }),
    index("room_blocks_blocked_idx").on(t.blocked_id),
  ],
);

/** The messages a report was about, as they were when it was filed (the operator reads them). */
export interface ReportedMessage {
  message_id: string;
  sender_id: string;
  body: string;
  image_url: string | null;
  created_at: string;
}

/** A member's report of a room for the operator (ADR 0029, 0033). */
export const roomReports = pgTable(
  "room_reports",
  {
    report_id: text("report_id").primaryKey(),
    room_id: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    reporter_id: text("reporter_id").notNull(),
    reported_id: text("reported_id").notNull(),
    reason: text("reason").notNull(),
    /** The newest messages of the room at the time of the report, oldest first. */
    messages: jsonb("messages").$type<ReportedMessage[]>().notNull().default([]),
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
    check("room_reports_reason_length", sql`char_length(${t.reason}) between 1 and 1000`),
    index("room_reports_status_created_idx").on(t.status, t.created_at.desc()),
  ],
);

export type Room = typeof rooms.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type RoomReport = typeof roomReports.$inferSelect;
