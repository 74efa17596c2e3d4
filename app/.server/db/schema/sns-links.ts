import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { LINKED_SOURCES } from "../../../domain/posts";
import { SNS_LINK_OWNER_TYPES, SNS_LINK_STATUSES } from "../../../domain/sns-links";
import { user } from "./auth";
import { createdAt, tstz, updatedAt } from "./columns";

/**
 * A staff member's or a store's linked Instagram / TikTok / YouTube account (ADR 0024): the
 * tokens (AES-256-GCM, see token-cipher.ts; never in clear), the state of the link, and the
 * importer's bookkeeping. One link per owner and source.
 */
export const snsLinks = pgTable(
  "sns_links",
  {
    link_id: text("link_id").primaryKey(),
    owner_type: text("owner_type", { enum: SNS_LINK_OWNER_TYPES }).notNull(),
    /** The staff member's or the store's uid (both are auth users). */
    owner_id: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    source: text("source", { enum: LINKED_SOURCES }).notNull(),
    /** Instagram user id, TikTok open_id, YouTube channel id. */
    vendor_user_id: text("vendor_user_id").notNull(),
    /** @username, TikTok display name, channel title. */
    display_name: text("display_name").notNull().default(""),
    access_token_enc: text("access_token_enc"),
    access_expires_at: tstz("access_expires_at"),
    refresh_token_enc: text("refresh_token_enc"),
    refresh_expires_at: tstz("refresh_expires_at"),
    /** When the current access token was issued (Instagram refreshes only tokens ≥ 24 h old). */
    token_issued_at: tstz("token_issued_at"),
    status: text("status", { enum: SNS_LINK_STATUSES }).notNull().default("active"),
    broken_reason: text("broken_reason"),
    broken_at: tstz("broken_at"),
    /** The newest media imported so far: a run stops when it reaches it. */
    last_media_at: tstz("last_media_at"),
    last_media_id: text("last_media_id"),
    /** When a run last finished without error. */
    last_import_at: tstz("last_import_at"),
    /** Not before this (the interval, or a vendor's Retry-After); null: as soon as possible. */
    next_import_at: tstz("next_import_at"),
    last_error: text("last_error"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("sns_links_owner_source_key").on(t.owner_id, t.source),
    index("sns_links_due_idx").on(t.next_import_at).where(sql`${t.status} = 'active'`),
    check("sns_links_broken", sql`(${t.status} = 'broken') = (${t.broken_at} is not null)`),
  ],
);

export type SnsLink = typeof snsLinks.$inferSelect;

/**
 * The `state` of an OAuth round trip, consumed once: the signed value carries the nonce, and the
 * row proves it was issued to this owner and not used yet.
 */
export const snsLinkStates = pgTable("sns_link_states", {
  nonce: text("nonce").primaryKey(),
  owner_id: text("owner_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  source: text("source", { enum: LINKED_SOURCES }).notNull(),
  expires_at: tstz("expires_at").notNull(),
  created_at: createdAt(),
});
