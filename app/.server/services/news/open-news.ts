import { and, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Db } from "../../db/client";
import { news, newsReads } from "../../db/schema";
import { type NewsReader, visibleTo } from "../shared/news-query";

export interface OpenedNews {
  news_id: string;
  title: string;
  body: string;
  published_at: Date;
}

/**
 * One news as its reader opens it, marked read on the way. A news for another audience, not yet
 * published or not existing at all is the same `not_found` (ADR 0027, ADR 0022).
 */
export async function openNews({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: NewsReader;
  input: { newsId: string };
  now?: Date;
}): Promise<{ ok: true; news: OpenedNews } | { ok: false; error: "forbidden" | "not_found" }> {
  const refusal = roleRefusal(actor, "news.read");
  if (refusal) return { ok: false, error: refusal };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ news_id: news.news_id, title: news.title, body: news.body, published_at: news.published_at })
      .from(news)
      .where(and(eq(news.news_id, input.newsId), visibleTo(actor, now)))
      .limit(1);
    if (!row) return { ok: false, error: "not_found" } as const;
    await tx
      .insert(newsReads)
      .values({ uid: actor.uid, news_id: row.news_id, read_at: now })
      .onConflictDoNothing();
    return { ok: true, news: row } as const;
  });
}
