import { pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { tstz } from "./columns";

/**
 * When an account last signed in (the operator's store list shows it). Written by better-auth's
 * session hook for every new session (create-auth.ts), so the pages, the JSON sign-in and the
 * operator login all count; kept apart from `user`, which is better-auth's own table.
 */
export const accountActivity = pgTable("account_activity", {
  uid: text("uid")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  last_login_at: tstz("last_login_at").notNull(),
});
