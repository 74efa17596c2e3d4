import { sql } from "drizzle-orm";
import { date, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { AGE_DOCUMENT_KINDS } from "../../../domain/age-verification";
import { createdAt, tstz } from "./columns";
import { listeners } from "./listeners";

/**
 * A listener's age verifications (ADR 0055), one row per attempt: a document she uploaded for an
 * operator to read, or a completed card payment. The document's picture is stored encrypted under
 * `document_key` and deleted `AGE_DOCUMENT_RETENTION_DAYS` after the decision (`document_deleted_at`
 * set, the key cleared); the kind, the birth date and the decision stay. At most one attempt per
 * listener is pending at a time.
 */
export const ageVerifications = pgTable(
  "age_verifications",
  {
    id: text("id").primaryKey(),
    listener_id: text("listener_id")
      .notNull()
      .references(() => listeners.uid, { onDelete: "cascade" }),
    method: text("method", { enum: ["document", "card"] }).notNull(),
    status: text("status", { enum: ["pending", "verified", "rejected"] }).notNull(),
    document_kind: text("document_kind", { enum: AGE_DOCUMENT_KINDS }),
    /** The encrypted picture's storage key while it is kept. */
    document_key: text("document_key"),
    document_deleted_at: tstz("document_deleted_at"),
    /** Read from the document by the operator (method `document`); null for a card payment. */
    birth_date: date("birth_date", { mode: "string" }),
    reject_reason: text("reject_reason"),
    /** The coin order whose card payment verified her (method `card`). */
    order_id: text("order_id"),
    created_at: createdAt(),
    decided_at: tstz("decided_at"),
    /** The operator's uid without a foreign key, like the audit log. */
    decided_by: text("decided_by"),
  },
  (t) => [
    index("age_verifications_listener_idx").on(t.listener_id, t.created_at),
    uniqueIndex("age_verifications_one_pending_idx").on(t.listener_id).where(sql`status = 'pending'`),
    index("age_verifications_queue_idx").on(t.created_at).where(sql`status = 'pending'`),
    index("age_verifications_purge_idx").on(t.decided_at).where(sql`document_key is not null`),
  ],
);

export type AgeVerification = typeof ageVerifications.$inferSelect;
