import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** A chat room between two accounts (the other member is the counterpart). */
export const rooms = pgTable(
  "rooms",
  {
    id: text("id").primaryKey(),
    member_ids: text("member_ids").array().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("rooms_two_members", sql`cardinality(${t.member_ids}) = 2`),
    index("rooms_member_ids_idx").using("gin", t.member_ids),
  ],
);
