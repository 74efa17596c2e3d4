import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { COUPON_STATUSES } from "../../../domain/coupons";
import { createdAt, tstz, updatedAt } from "./columns";
import { livers } from "./livers";

/**
 * A store's coupon (ADR 0058). `status` is `active` until the store ends it early
 * (`ended`, with `ended_at`); whether it is current is decided by the clock against `starts_at`
 * (inclusive) and `ends_at` (exclusive), so an expired coupon leaves the public lists without a
 * job. `code` is the short code shown at the door, unique within the store.
 */
export const coupons = pgTable(
  "coupons",
  {
    coupon_id: text("coupon_id").primaryKey(),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    title: text("title").notNull(),
    conditions: text("conditions").notNull().default(""),
    discount_text: text("discount_text").notNull(),
    first_visit_only: boolean("first_visit_only").notNull().default(false),
    starts_at: tstz("starts_at").notNull(),
    ends_at: tstz("ends_at").notNull(),
    status: text("status", { enum: COUPON_STATUSES }).notNull().default("active"),
    ended_at: tstz("ended_at"),
    code: text("code").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_liver_code_key").on(t.liver_id, t.code),
    // The store's back office, newest first.
    index("coupons_liver_created_idx").on(t.liver_id, t.created_at.desc()),
    // The public list: active coupons by start, newest first (the clock filters the rest).
    index("coupons_active_starts_idx").on(t.starts_at.desc(), t.ends_at).where(sql`${t.status} = 'active'`),
    check("coupons_period", sql`${t.ends_at} > ${t.starts_at}`),
    check("coupons_status", sql`${t.status} in ('active', 'ended')`),
    check("coupons_ended", sql`(${t.status} = 'ended') = (${t.ended_at} is not null)`),
  ],
);

export type Coupon = typeof coupons.$inferSelect;
