import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";

/**
 * Every mail the platform sends, kept whether or not SMTP is configured: without SMTP_URL it is
 * the outbox shown at /dev/mail; with SMTP it records delivery (`sent`) or the failure, so a
 * failed mail can be sent again and nothing is lost.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["kept", "sent", "failed"] }).notNull(),
    error: text("error"),
    meta: jsonb("meta").$type<Record<string, string>>().notNull().default({}),
    created_at: createdAt(),
    sent_at: tstz("sent_at"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.created_at.desc()), index("mail_outbox_to_idx").on(t.to)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
