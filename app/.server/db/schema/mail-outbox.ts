import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";

/**
 * The statuses of a mail (ADR 0015):
 * - `kept`: no SMTP configured; the mail stays here (the development outbox at /dev/mail);
 * - `queued`: written with its `mail.deliver` job, waiting for the first attempt or a retry;
 * - `sending`: an attempt is under way;
 * - `sent`: SMTP accepted it;
 * - `failed`: every retry failed; the operator sees it and can send it again.
 */
export const MAIL_STATUSES = ["kept", "queued", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every mail the platform sends, written in the transaction of the event that causes it and
 * delivered by a background job with retries, so nothing is lost whatever happens next.
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
    status: text("status", { enum: MAIL_STATUSES }).notNull(),
    /** The last failure's reason (kept after a later success is not: cleared on `sent`). */
    error: text("error"),
    /** Delivery attempts so far. */
    attempts: integer("attempts").notNull().default(0),
    meta: jsonb("meta").$type<Record<string, string>>().notNull().default({}),
    /** Extra headers handed to SMTP as they are (List-Unsubscribe of notification mail, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    created_at: createdAt(),
    sent_at: tstz("sent_at"),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.created_at.desc()),
    index("mail_outbox_to_idx").on(t.to),
    index("mail_outbox_status_idx").on(t.status, t.created_at.desc()),
  ],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
