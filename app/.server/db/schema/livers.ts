import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PriceSystem } from "../../../domain/price-system";
import type { FirstVisit, StationAccess } from "../../../domain/store-intro-display";
import { user } from "./auth";
import { createdAt, emptyTextArray, searchTextExpression, tstz, updatedAt } from "./columns";
import { plans } from "./plans";

export interface BankAccount {
  account_holder: string;
  account_number: string;
  account_type: "saving" | "checking";
  bank_code: string;
  branch_code: string;
  /** The names of the Zengin data when the account was saved (ADR 0054); absent on older accounts. */
  bank_name?: string;
  branch_name?: string;
}

export interface LiverMailSetting {
  message_to_staff: boolean;
  item_to_staff: boolean;
  official_information: boolean;
}

/** A store (venue). Keyed by the auth user id of its operator account; columns keep the spec's names. */
export const livers = pgTable(
  "livers",
  {
    uid: text("uid")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    store_name: text("store_name").notNull().default(""),
    store_name_kana: text("store_name_kana").notNull().default(""),
    slug: text("slug"),
    status: text("status", { enum: ["public", "private", "suspended", "deleted"] })
      .notNull()
      .default("public"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    region: text("region").notNull().default(""),
    prefecture: text("prefecture").notNull().default(""),
    group: text("group").notNull().default(""),
    area: text("area").notNull().default(""),
    area_detail: text("area_detail").notNull().default(""),
    store_type: text("store_type").notNull().default("girls_bar"),
    services: text("services").array().notNull().default(emptyTextArray),
    commitments: text("commitments").array().notNull().default(emptyTextArray),
    is_individual: boolean("is_individual").notNull().default(false),
    order: integer("order"),
    point: integer("point").notNull().default(0),
    account: jsonb("account").$type<BankAccount | null>(),
    mail_setting: jsonb("mail_setting")
      .$type<LiverMailSetting>()
      .notNull()
      .default({ message_to_staff: true, item_to_staff: true, official_information: true }),
    email: text("email").notNull().default(""),
    follower_number: integer("follower_number").notNull().default(0),
    /** The store's own posts (ADR 0024); its staff's posts move the staff, not the store. */
    last_post_at: tstz("last_post_at"),
    last_instagram_at: tstz("last_instagram_at"),
    last_tiktok_at: tstz("last_tiktok_at"),
    last_live_at: tstz("last_live_at"),
    last_youtube_at: tstz("last_youtube_at"),
    postal_code: text("postal_code").notNull().default(""),
    address: text("address").notNull().default(""),
    buildingName: text("building_name").notNull().default(""),
    /** The pin of the store (ADR 0028, WGS84): starts at its area's centre, moved by the store. */
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    /**
     * Geohash of the pin, 9 characters (docs/product.md geo field), kept by the database (`geohash_encode`,
     * migration 0013); null while there is no pin. Its prefixes cluster the post map.
     */
    geohash: text("geohash").generatedAlwaysAs(sql`geohash_encode(lat, lng, 9)`),
    business_start_time: text("business_start_time").notNull().default(""),
    business_end_time: text("business_end_time").notNull().default(""),
    holidays: text("holidays").array().notNull().default(emptyTextArray),
    image_urls: text("image_urls").array().notNull().default(emptyTextArray),
    phone_number: text("phone_number").notNull().default(""),
    plan_id: text("plan_id").references(() => plans.id),
    new_plan_id: text("new_plan_id").references(() => plans.id),
    limit_staff: integer("limit_staff").notNull().default(0),
    /** The structured 料金システム (ADR 0009); null until the store sets it. */
    price_system: jsonb("price_system").$type<PriceSystem | null>(),
    /** The top of the store page (ADR 0056): introduction, up to 2,000 characters. */
    pr_text: text("pr_text").notNull().default(""),
    /** Up to 3 nearest stations of the station data, each with its line and the walk in minutes. */
    access: jsonb("access").$type<StationAccess[]>().notNull().default([]),
    /** The first-visit price 「初回 60分 ¥3,000〜」; null when the store gives none. */
    first_visit: jsonb("first_visit").$type<FirstVisit | null>(),
    search_text: text("search_text")
      .notNull()
      .generatedAlwaysAs(searchTextExpression(["store_name", "store_name_kana"])),
  },
  (t) => [
    uniqueIndex("livers_slug_key").on(t.slug),
    // The public list: status = public, ordered by `order` (none last), then newest.
    index("livers_status_order_idx").on(t.status, t.order.asc().nullsLast(), t.created_at.desc()),
    index("livers_status_created_idx").on(t.status, t.created_at.desc()),
    index("livers_region_idx").on(t.region),
    index("livers_prefecture_idx").on(t.prefecture),
    index("livers_area_idx").on(t.area),
    index("livers_area_detail_idx").on(t.area_detail),
    index("livers_store_type_idx").on(t.store_type),
    index("livers_services_idx").using("gin", t.services),
    index("livers_commitments_idx").using("gin", t.commitments),
    index("livers_search_text_idx").using("gin", sql`${t.search_text} gin_trgm_ops`),
    // Nearby search (ADR 0028): earthdistance's earth_box over a GiST index of the public pins.
    index("livers_earth_idx")
      .using("gist", sql`ll_to_earth(${t.lat}, ${t.lng})`)
      .where(sql`${t.status} = 'public' and ${t.lat} is not null and ${t.lng} is not null`),
  ],
);

export type Liver = typeof livers.$inferSelect;
export type NewLiver = typeof livers.$inferInsert;
