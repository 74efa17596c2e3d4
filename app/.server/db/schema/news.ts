import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { NEWS_AUDIENCES } from "../../../domain/news";
import { user } from "./auth";
import { createdAt, tstz, updatedAt } from "./columns";

/**
 * Official news written by the operator (ADR 0027). Readers see a news from `published_at`
 * on; a future time schedules it. `mail_requested_at` is set, in the transaction that calls
 * `recordNotification`, by a conditional UPDATE that only one caller can win: the notification
 * of a news with `send_mail` is requested exactly once, however often its time is edited.
 */
export const news = pgTable(
  "news",
  {
    news_id: text("news_id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    audience: text("audience", { enum: NEWS_AUDIENCES }).notNull(),
    published_at: tstz("published_at").notNull(),
    send_mail: boolean("send_mail").notNull().default(false),
    mail_requested_at: tstz("mail_requested_at"),
    // Operators' uids without a foreign key, like the audit log: a news outlives its writer.
    created_by: text("created_by"),
    updated_by: text("updated_by"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("news_mail_requested_only_with_mail", sql`${t.mail_requested_at} is null or ${t.send_mail}`),
    index("news_audience_published_idx").on(t.audience, t.published_at.desc()),
    index("news_mail_due_idx")
      .on(t.published_at)
      .where(sql`${t.send_mail} and ${t.mail_requested_at} is null`),
  ],
);

/** A news an account has opened. */
export const newsReads = pgTable(
  "news_reads",
  {
    uid: text("uid")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    news_id: text("news_id")
      .notNull()
      .references(() => news.news_id, { onDelete: "cascade" }),
    read_at: tstz("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.news_id] }), index("news_reads_news_idx").on(t.news_id)],
);

export type News = typeof news.$inferSelect;
