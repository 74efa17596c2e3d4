import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { MatchingInfo, PublishedProfile } from "../../../domain/options";
import { user } from "./auth";
import {
  createdAt,
  emptyTextArray,
  matchingMaskExpression,
  publishedMaskExpression,
  searchTextExpression,
  tstz,
  updatedAt,
} from "./columns";
import { livers } from "./livers";

/** A performer (cast) of one store. Keyed by the auth user id of the staff account. */
export const staffs = pgTable(
  "staffs",
  {
    uid: text("uid")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    liver_name: text("liver_name").notNull().default(""),
    slug: text("slug"),
    status: text("status", { enum: ["public", "deleted"] })
      .notNull()
      .default("public"),
    is_displayed: boolean("is_displayed").notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_display_at: tstz("updated_display_at"),
    delete_at: tstz("delete_at"),
    order: integer("order").notNull().default(1),
    follower_number: integer("follower_number").notNull().default(0),
    last_post_at: tstz("last_post_at"),
    last_instagram_at: tstz("last_instagram_at"),
    last_tiktok_at: tstz("last_tiktok_at"),
    last_live_at: tstz("last_live_at"),
    last_youtube_at: tstz("last_youtube_at"),
    age: smallint("age").default(18),
    height: smallint("height").default(150),
    birth_of_date: date("birth_of_date"),
    blood_type: text("blood_type").notNull().default(""),
    bust_type: text("bust_type").notNull().default(""),
    type_type: text("type_type").notNull().default(""),
    karaoke_type: text("karaoke_type").notNull().default(""),
    alcohol_type: text("alcohol_type").notNull().default(""),
    smoke_type: text("smoke_type").notNull().default(""),
    personality_type: text("personality_type").notNull().default(""),
    name: text("name").notNull().default(""),
    name_kana: text("name_kana").notNull().default(""),
    image_urls: text("image_urls").array().notNull().default(emptyTextArray),
    introduction: text("introduction").notNull().default(""),
    instagram_id: text("instagram_id").notNull().default(""),
    tiktok_id: text("tiktok_id").notNull().default(""),
    youtube_id: text("youtube_id").notNull().default(""),
    followers: integer("followers"),
    matching_info: jsonb("matching_info").$type<Partial<MatchingInfo>>().notNull().default({}),
    published_profile: jsonb("published_profile").$type<Partial<PublishedProfile>>().notNull().default({}),
    login_email: text("login_email").notNull().default(""),
    login_id: text("login_id"),
    /** newest of last_post_at and created_at: the key of sort=new. */
    sort_new_at: tstz("sort_new_at").notNull().generatedAlwaysAs(sql`greatest("created_at", "last_post_at")`),
    /** the 13 matching answers as bits, so the matching score is computed in SQL. */
    matching_mask: integer("matching_mask")
      .notNull()
      .generatedAlwaysAs(matchingMaskExpression("matching_info")),
    /** published_profile as bits (PUBLISHED_PROFILE_KEYS order, set = published). */
    published_mask: integer("published_mask")
      .notNull()
      .generatedAlwaysAs(publishedMaskExpression("published_profile")),
    search_text: text("search_text")
      .notNull()
      .generatedAlwaysAs(searchTextExpression(["name", "name_kana"])),
  },
  (t) => {
    const listed = sql`${t.status} = 'public' and ${t.is_displayed}`;
    return [
      uniqueIndex("staffs_slug_key").on(t.slug),
      uniqueIndex("staffs_login_id_key").on(sql`lower(${t.login_id})`),
      index("staffs_liver_order_idx").on(t.liver_id, t.order),
      // The public search (ADR 0010) walks these instead of the table: keys in the order of a sort
      // (uid last as the tie-break), then what the filters and totals read, so the ids of a page,
      // the total and the matching score come from index-only scans.
      index("staffs_listed_new_idx")
        .on(
          t.sort_new_at.desc().nullsFirst(),
          t.uid,
          t.liver_id,
          t.matching_mask,
          t.published_mask,
          t.age,
          t.height,
          t.blood_type,
          t.bust_type,
          t.type_type,
          t.karaoke_type,
          t.alcohol_type,
          t.smoke_type,
          t.search_text,
        )
        .where(listed),
      // `sort=matching` of the feeds: the listed staff of one matching class (a list of masks),
      // hashed once per page (ADR 0024).
      index("staffs_listed_matching_idx").on(t.matching_mask, t.uid).where(listed),
      index("staffs_listed_popular_idx")
        .on(t.follower_number.desc().nullsFirst(), t.sort_new_at.desc().nullsFirst(), t.uid, t.liver_id)
        .where(listed),
      index("staffs_age_idx").on(t.age),
      index("staffs_height_idx").on(t.height),
      index("staffs_blood_type_idx").on(t.blood_type),
      index("staffs_bust_type_idx").on(t.bust_type),
      index("staffs_type_type_idx").on(t.type_type),
      index("staffs_karaoke_type_idx").on(t.karaoke_type),
      index("staffs_alcohol_type_idx").on(t.alcohol_type),
      index("staffs_smoke_type_idx").on(t.smoke_type),
      index("staffs_search_text_idx").using("gin", sql`${t.search_text} gin_trgm_ops`),
      // The operator's staff list (every store, newest first) and the dashboard's new staff per day.
      index("staffs_created_idx").on(t.created_at.desc().nullsFirst(), t.uid.desc().nullsFirst()),
    ];
  },
);

export type Staff = typeof staffs.$inferSelect;
export type NewStaff = typeof staffs.$inferInsert;
