import { and, count, ne, not } from "drizzle-orm";
import { decide } from "~/domain/permissions";
import type { Db } from "../../db/client";
import { news } from "../../db/schema";
import { type NewsReader, readBy, visibleTo } from "../shared/news-query";

/**
 * How many published news the reader has not opened (the badge of the mypage menu). `opening` is
 * the news the same request opens: the menu is loaded beside the page, not after it, so that one
 * counts as read already.
 */
export async function countUnreadNews({
  db,
  actor,
  input = {},
  now = new Date(),
}: {
  db: Db;
  actor: NewsReader;
  input?: { opening?: string | null };
  now?: Date;
}): Promise<number> {
  if (decide(actor.type, "news.read") !== "allowed") return 0;
  const where = [visibleTo(actor, now), not(readBy(actor))];
  if (input.opening) where.push(ne(news.news_id, input.opening));
  const [row] = await db
    .select({ n: count() })
    .from(news)
    .where(and(...where));
  return row?.n ?? 0;
}
