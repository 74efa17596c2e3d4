import { desc } from "drizzle-orm";
import { NEWS_LIST_LIMIT, newsExcerpt } from "~/domain/news";
import { roleRefusal } from "~/domain/permissions";
import type { Db } from "../../db/client";
import { news } from "../../db/schema";
import { type NewsReader, readBy, visibleTo } from "../shared/news-query";

export interface NewsListItem {
  news_id: string;
  title: string;
  excerpt: string;
  published_at: Date;
  unread: boolean;
}

/** The reader's published news, newest first, each marked unread until opened. */
export async function listNews({
  db,
  actor,
  input = {},
  now = new Date(),
}: {
  db: Db;
  actor: NewsReader;
  input?: { limit?: number };
  now?: Date;
}): Promise<{ ok: true; items: NewsListItem[] } | { ok: false; error: "forbidden" }> {
  const refusal = roleRefusal(actor, "news.read");
  if (refusal) return { ok: false, error: refusal };
  const rows = await db
    .select({
      news_id: news.news_id,
      title: news.title,
      body: news.body,
      published_at: news.published_at,
      read: readBy(actor),
    })
    .from(news)
    .where(visibleTo(actor, now))
    .orderBy(desc(news.published_at), desc(news.news_id))
    .limit(Math.min(input.limit ?? NEWS_LIST_LIMIT, NEWS_LIST_LIMIT));
  return {
    ok: true,
    items: rows.map((row) => ({
      news_id: row.news_id,
      title: row.title,
      excerpt: newsExcerpt(row.body),
      published_at: row.published_at,
      unread: !row.read,
    })),
  };
}
