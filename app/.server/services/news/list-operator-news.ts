import { desc } from "drizzle-orm";
import type { NewsAudience } from "~/domain/news";
import type { Db } from "../../db/client";
import { news } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface OperatorNewsItem {
  news_id: string;
  title: string;
  body: string;
  audience: NewsAudience;
  published_at: Date;
  send_mail: boolean;
  mail_requested_at: Date | null;
  /** Not published yet (its time lies in the future). */
  scheduled: boolean;
}

/** Every news for the operator's list, scheduled ones first, then the newest. */
export async function listOperatorNews({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  now?: Date;
}): Promise<OperatorNewsItem[]> {
  await assertOperator(db, actor);
  const rows = await db
    .select({
      news_id: news.news_id,
      title: news.title,
      body: news.body,
      audience: news.audience,
      published_at: news.published_at,
      send_mail: news.send_mail,
      mail_requested_at: news.mail_requested_at,
    })
    .from(news)
    .orderBy(desc(news.published_at))
    .limit(500);
  const items = rows.map((row) => ({ ...row, scheduled: row.published_at > now }));
  return [...items.filter((i) => i.scheduled).reverse(), ...items.filter((i) => !i.scheduled)];
}
