import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { listeners } from "./listeners";
import { livers } from "./livers";
import { staffs } from "./staffs";

/** A listener following one staff member or one store (exactly one of the two). */
export const favorites = pgTable(
  "favorites",
  {
    favorite_id: text("favorite_id").primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    staff_id: text("staff_id").references(() => staffs.uid, { onDelete: "cascade" }),
    liver_id: text("liver_id").references(() => livers.uid, { onDelete: "cascade" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("favorites_one_target", sql`num_nonnulls(${t.staff_id}, ${t.liver_id}) = 1`),
    uniqueIndex("favorites_uid_staff_key").on(t.uid, t.staff_id),
    uniqueIndex("favorites_uid_liver_key").on(t.uid, t.liver_id),
    index("favorites_staff_idx").on(t.staff_id),
    index("favorites_liver_idx").on(t.liver_id),
  ],
);

export type Favorite = typeof favorites.$inferSelect;
