import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns";

/**
 * Values of the remote configuration set at `/admin/config` (ADR 0033). The keys, their types
 * and defaults are code (app/domain/remote-config.ts); a key without a row has its default, and a
 * row whose key the code no longer knows, or whose value no longer fits the key's type, is ignored.
 */
export const remoteConfigValues = pgTable("remote_config_values", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<string | number | boolean>().notNull(),
  // The operator's uid without a foreign key, like the audit log.
  updated_by: text("updated_by"),
  updated_at: tstz("updated_at").notNull().defaultNow(),
});
