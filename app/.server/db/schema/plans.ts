import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/**
 * The plan catalogue (ADR 0006): prices and staff limits are data, not code. The rows are
 * created by a migration and later edited by the operator console.
 */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  monthly_price: integer("monthly_price").notNull(),
  limit_staff: integer("limit_staff").notNull(),
  description: text("description").notNull().default(""),
  sort_order: integer("sort_order").notNull().default(0),
  is_active: boolean("is_active").notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
});
