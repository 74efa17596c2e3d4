import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  POST_AUTHOR_TYPES,
  POST_KINDS,
  POST_SOURCES,
  POST_STATUSES,
  type PostMedia,
} from "../../../domain/posts";
import { createdAt, tstz, updatedAt } from "./columns";
import { livers } from "./livers";
import { staffs } from "./staffs";

/**
 * A post of a staff member or a store (ADR 0024): written natively, imported from a linked
 * Instagram / TikTok / YouTube account, or written when a live starts. `liver_id` is always the
 * store (a staff post carries its store too), so a store's feed is one index range.
 */
export const posts = pgTable(
  "posts",
  {
    post_id: text("post_id").primaryKey(),
    author_type: text("author_type", { enum: POST_AUTHOR_TYPES }).notNull(),
    staff_id: text("staff_id").references(() => staffs.uid, { onDelete: "cascade" }),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    source: text("source", { enum: POST_SOURCES }).notNull(),
    kind: text("kind", { enum: POST_KINDS }).notNull(),
    caption: text("caption").notNull().default(""),
    media: jsonb("media").$type<PostMedia[]>().notNull().default([]),
    permalink: text("permalink").notNull().default(""),
    external_id: text("external_id").notNull(),
    posted_at: tstz("posted_at").notNull(),
    status: text("status", { enum: POST_STATUSES }).notNull().default("public"),
    /**
     * Marked 「PR」 (advertising, 景品表示法's stealth-marketing rule, ADR 0051): set by the author of
     * a native post or by the operator on any post; a re-import leaves it as it is.
     */
    is_pr: boolean("is_pr").notNull().default(false),
    /**
     * The author's `follower_number` (the staff member's, or the store's for a store post), copied
     * so `sort=popular` is one index walk (ADR 0024). Kept by triggers (custom migration
     * `0011_feed_performance_triggers`): set on insert, rewritten when the author's count moves.
     */
    author_follower_number: integer("author_follower_number").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("posts_author", sql`(${t.author_type} = 'staff') = (${t.staff_id} is not null)`),
    check("posts_caption_length", sql`char_length(${t.caption}) <= 2200`),
    uniqueIndex("posts_source_external_key").on(t.source, t.external_id),
    // The feeds (ADR 0024): keys in the `new` order, then what the listed rule and the filters read
    // (store, staff author, source, kind), so a page's ids and a total come from index-only scans.
    index("posts_public_posted_idx")
      .on(t.posted_at.desc().nullsFirst(), t.post_id, t.liver_id, t.staff_id, t.source, t.kind)
      .where(sql`${t.status} = 'public'`),
    // A source tab (/youtube, Instagram…): the range of one source in the `new` order.
    index("posts_public_source_posted_idx")
      .on(t.source, t.posted_at.desc().nullsFirst(), t.post_id, t.liver_id, t.staff_id)
      .where(sql`${t.status} = 'public'`),
    // One author's or one store's posts in the `new` order (their feeds, the follow feed).
    // `desc nulls first` is what ORDER BY … DESC means: an index in another null order cannot
    // give that order (posted_at is never null, but the planner does not use that).
    // `sort=popular`: the author's followers, then the `new` order; the listed rule's columns last.
    index("posts_public_popular_idx")
      .on(
        t.author_follower_number.desc().nullsFirst(),
        t.posted_at.desc().nullsFirst(),
        t.post_id,
        t.liver_id,
        t.staff_id,
      )
      .where(sql`${t.status} = 'public'`),
    // The follow feed: the public posts of the followed staff and of the followed stores (store
    // posts only), so its total is two index-only scans (ADR 0024).
    index("posts_public_staff_posted_idx")
      .on(t.staff_id, t.posted_at.desc().nullsFirst(), t.post_id)
      .where(sql`${t.status} = 'public'`),
    index("posts_public_store_posted_idx")
      .on(t.liver_id, t.posted_at.desc().nullsFirst(), t.post_id)
      .where(sql`${t.status} = 'public' and ${t.staff_id} is null`),
    index("posts_staff_posted_idx").on(t.staff_id, t.posted_at.desc().nullsFirst(), t.post_id),
    index("posts_liver_posted_idx").on(t.liver_id, t.posted_at.desc().nullsFirst(), t.post_id),
  ],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
