import { date, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { staffs } from "./staffs";

/**
 * One shift of a staff member. `date` is the calendar day in Asia/Tokyo; `start_time` is
 * "HH:MM" or "OPEN", `end_time` is "HH:MM" or "LAST" (docs/product.md, 10-minute steps).
 */
export const schedules = pgTable(
  "schedules",
  {
    schedule_id: text("schedule_id").primaryKey(),
    staff_id: text("staff_id")
      .notNull()
      .references(() => staffs.uid, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    start_time: text("start_time").notNull(),
    end_time: text("end_time").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("schedules_staff_date_key").on(t.staff_id, t.date),
    index("schedules_date_idx").on(t.date),
  ],
);

export type Schedule = typeof schedules.$inferSelect;
