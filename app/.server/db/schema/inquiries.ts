import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";

/** A message sent through `/contact` (ADR 0008). Kept even when the operator mail fails. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    client_ip: text("client_ip").notNull().default(""),
    status: text("status", { enum: ["new", "handled"] })
      .notNull()
      .default("new"),
    created_at: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.created_at.desc())],
);

/** A store that is not listed yet asks to be (`/shop_entry`, ADR 0008). */
export const shopEntryRequests = pgTable(
  "shop_entry_requests",
  {
    id: text("id").primaryKey(),
    store_name: text("store_name").notNull(),
    store_name_kana: text("store_name_kana").notNull().default(""),
    contact_name: text("contact_name").notNull(),
    phone_number: text("phone_number").notNull().default(""),
    email: text("email").notNull(),
    prefecture: text("prefecture").notNull().default(""),
    area: text("area").notNull().default(""),
    store_type: text("store_type").notNull().default(""),
    message: text("message").notNull().default(""),
    client_ip: text("client_ip").notNull().default(""),
    status: text("status", { enum: ["new", "handled"] })
      .notNull()
      .default("new"),
    created_at: createdAt(),
  },
  (t) => [index("shop_entry_requests_created_idx").on(t.created_at.desc())],
);

/**
 * Proof-of-work challenges already redeemed (ALTCHA-style, ADR 0008): a solution is accepted once.
 * Rows are useless after `expires_at` and may be deleted then.
 */
export const spentChallenges = pgTable(
  "spent_challenges",
  {
    challenge: text("challenge").primaryKey(),
    expires_at: tstz("expires_at").notNull(),
  },
  (t) => [index("spent_challenges_expires_idx").on(t.expires_at)],
);
