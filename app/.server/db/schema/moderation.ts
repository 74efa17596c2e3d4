import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCOUNT_SUSPENSION_KINDS } from "../../../domain/account-suspensions";
import { REPORT_KINDS } from "../../../domain/reports";
import { STORE_SUSPENSION_SOURCES } from "../../../domain/store-suspension";
import { user } from "./auth";
import { tstz } from "./columns";
import { livers } from "./livers";
import { staffs } from "./staffs";

/**
 * Why a store is `suspended` (ADR 0033: hidden by the operator), one row per suspension with
 * who put it in place and why, and who lifted it. A store is `suspended` exactly while it has a
 * row without `lifted_at`; each `source` lifts only its own (the operator's console its
 * `operator` rows, billing its `billing` rows), and the last one lifted gives the store back the
 * status it had before (`resume_status`). services/shared/store-suspension.ts keeps the two
 * together. ADR 0033.
 */
export const storeSuspensions = pgTable(
  "store_suspensions",
  {
    id: text("id").primaryKey(),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    source: text("source", { enum: STORE_SUSPENSION_SOURCES }).notNull(),
    /** Told to the store in the suspension mail; kept for the store's history. */
    reason: text("reason").notNull().default(""),
    /** `public` or `private`: what the store was before its first active suspension. */
    resume_status: text("resume_status", { enum: ["public", "private"] }).notNull(),
    // Operators' uids without a foreign key, like the audit log: the record outlives the operator.
    suspended_by: text("suspended_by"),
    suspended_by_email: text("suspended_by_email").notNull().default(""),
    suspended_at: tstz("suspended_at").notNull().defaultNow(),
    lifted_at: tstz("lifted_at"),
    lifted_by: text("lifted_by"),
    lifted_by_email: text("lifted_by_email").notNull().default(""),
    lift_note: text("lift_note").notNull().default(""),
  },
  (t) => [
    // One active suspension per store and source: suspending twice is one suspension.
    uniqueIndex("store_suspensions_active_key").on(t.liver_id, t.source).where(sql`${t.lifted_at} is null`),
    index("store_suspensions_liver_idx").on(t.liver_id, t.suspended_at.desc()),
    check("store_suspensions_source", sql`${t.source} in ('operator', 'billing')`),
    check("store_suspensions_resume_status", sql`${t.resume_status} in ('public', 'private')`),
  ],
);

/**
 * A performer hidden by the operator (ADR 0033 "staff: hide"). Hiding sets her
 * `is_displayed` to false like the store's own switch, but while the row is active the store
 * cannot show her again; lifting it gives back what the store had chosen (`was_displayed`).
 */
export const staffHides = pgTable(
  "staff_hides",
  {
    id: text("id").primaryKey(),
    staff_id: text("staff_id")
      .notNull()
      .references(() => staffs.uid, { onDelete: "cascade" }),
    liver_id: text("liver_id").notNull(),
    reason: text("reason").notNull().default(""),
    was_displayed: boolean("was_displayed").notNull(),
    hidden_by: text("hidden_by"),
    hidden_by_email: text("hidden_by_email").notNull().default(""),
    hidden_at: tstz("hidden_at").notNull().defaultNow(),
    lifted_at: tstz("lifted_at"),
    lifted_by: text("lifted_by"),
    lifted_by_email: text("lifted_by_email").notNull().default(""),
  },
  (t) => [
    uniqueIndex("staff_hides_active_key").on(t.staff_id).where(sql`${t.lifted_at} is null`),
    index("staff_hides_liver_idx").on(t.liver_id, t.hidden_at.desc()),
  ],
);

/**
 * An operator looked at a store's listing (its name, pictures, texts) and found it fine. Stores
 * without a row are "new stores waiting" on the dashboard. A separate table, not a column of
 * `livers`, so marking a store does not touch the row the directory's version triggers watch.
 */
export const storeReviews = pgTable("store_reviews", {
  liver_id: text("liver_id")
    .primaryKey()
    .references(() => livers.uid, { onDelete: "cascade" }),
  reviewed_by: text("reviewed_by"),
  reviewed_by_email: text("reviewed_by_email").notNull().default(""),
  reviewed_at: tstz("reviewed_at").notNull().defaultNow(),
});

/**
 * An account (listener or staff) the operator blocked or suspended after a report (ADR 0033,
 * ADR 0030, ADR 0039): a `block` (`ends_at` null) holds until an operator lifts it; a `suspension`
 * holds until `ends_at` and then ends by itself. While any row of the account holds (not lifted,
 * no end or an end still to come) it cannot sign in (better-auth's session create hook refuses,
 * the viewer statement finds no one); its sessions were deleted when the row was written. Rows are
 * kept after they end or are lifted: the history of who did what and why.
 */
export const accountSuspensions = pgTable(
  "account_suspensions",
  {
    id: text("id").primaryKey().default(sql`gen_random_uuid()::text`),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNT_SUSPENSION_KINDS }).notNull().default("block"),
    /** Told to the account in its mail. */
    reason: text("reason").notNull().default(""),
    /** The report that led to it, when there was one (`room_reports` or `live_comment_reports`). */
    report_id: text("report_id"),
    report_kind: text("report_kind", { enum: REPORT_KINDS }),
    suspended_by: text("suspended_by"),
    suspended_by_email: text("suspended_by_email").notNull().default(""),
    suspended_at: tstz("suspended_at").notNull().defaultNow(),
    /** The end of a suspension; null for a block. */
    ends_at: tstz("ends_at"),
    lifted_at: tstz("lifted_at"),
    lifted_by: text("lifted_by"),
    lifted_by_email: text("lifted_by_email").notNull().default(""),
    lift_reason: text("lift_reason").notNull().default(""),
  },
  (t) => [
    // The sign-in hook and the viewer ask "does anything hold this account?" by user.
    index("account_suspensions_holding_idx").on(t.user_id).where(sql`${t.lifted_at} is null`),
    index("account_suspensions_placed_idx").on(t.suspended_at.desc()),
    check("account_suspensions_kind", sql`${t.kind} in ('block', 'suspension')`),
    check("account_suspensions_ends", sql`(${t.kind} = 'block') = (${t.ends_at} is null)`),
  ],
);
