import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { news } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import type { OperatorNewsItem } from "./list-operator-news";

/** One news for the operator's edit page, or null. */
export async function getOperatorNews({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { newsId: string };
  now?: Date;
}): Promise<OperatorNewsItem | null> {
  await assertOperator(db, actor);
  const [row] = await db.select().from(news).where(eq(news.news_id, input.newsId)).limit(1);
  if (!row) return null;
  return {
    news_id: row.news_id,
    title: row.title,
    body: row.body,
    audience: row.audience,
    published_at: row.published_at,
    send_mail: row.send_mail,
    mail_requested_at: row.mail_requested_at,
    scheduled: row.published_at > now,
  };
}
