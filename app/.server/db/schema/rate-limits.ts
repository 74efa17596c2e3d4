import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns";

/**
 * Fixed-window counters for abuse limits (login, registration, reset, resend, contact), keyed by
 * action and subject (`login:ip:203.0.113.5`, `login:account:taro@example.com`). In the database
 * so the limit holds across server instances and across the page and JSON routes.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  window_start: tstz("window_start").notNull(),
  expires_at: tstz("expires_at").notNull(),
});
