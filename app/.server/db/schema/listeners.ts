import { boolean, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { MatchingInfo } from "../../../domain/options";
import { user } from "./auth";
import { createdAt, updatedAt } from "./columns";

export interface ListenerMailSetting {
  following_live: boolean;
  following_instagram: boolean;
  following_tiktok: boolean;
  official_information: boolean;
}

/** A customer account. */
export const listeners = pgTable("listeners", {
  uid: text("uid")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull().default(""),
  image_url: text("image_url").notNull().default(""),
  nickname: text("nickname").notNull().default(""),
  created_at: createdAt(),
  updated_at: updatedAt(),
  mail_setting: jsonb("mail_setting").$type<ListenerMailSetting>().notNull().default({
    following_live: true,
    following_instagram: true,
    following_tiktok: true,
    official_information: true,
  }),
  matching_info: jsonb("matching_info").$type<Partial<MatchingInfo>>().notNull().default({}),
  /** Shown as 「匿名のリスナー」 in the rankings of the lives she supports (ADR 0043). */
  hide_from_rankings: boolean("hide_from_rankings").notNull().default(false),
});

export type Listener = typeof listeners.$inferSelect;
