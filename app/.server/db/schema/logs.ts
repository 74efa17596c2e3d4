import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { livers } from "./livers";

/** The activity log of a store (staff deleted, display toggled, …). */
export const logs = pgTable(
  "logs",
  {
    log_id: text("log_id").primaryKey(),
    created_at: createdAt(),
    liver_id: text("liver_id").references(() => livers.uid, { onDelete: "cascade" }),
    actor_uid: text("actor_uid"),
    action: text("action").notNull(),
    target_type: text("target_type").notNull(),
    target_id: text("target_id"),
    description: text("description").notNull().default(""),
  },
  (t) => [index("logs_liver_created_idx").on(t.liver_id, t.created_at.desc())],
);
