import { and, eq, isNull, lte, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { news } from "../../db/schema";
import { recordNotification } from "../notifications/record-notification";

/**
 * Requests the notification mail of every news with `send_mail` whose time has come and whose mail
 * was not requested yet (or only of `newsId`). The conditional UPDATE is the guarantee of
 * "exactly once": on PostgreSQL a second transaction waits for the row lock and then no longer
 * matches `mail_requested_at is null`. Call it inside the transaction that publishes.
 */
export async function requestDueNewsMail(tx: Tx, { now, newsId }: { now: Date; newsId?: string }) {
  const due: SQL[] = [eq(news.send_mail, true), isNull(news.mail_requested_at), lte(news.published_at, now)];
  if (newsId) due.push(eq(news.news_id, newsId));
  const requested = await tx
    .update(news)
    .set({ mail_requested_at: now })
    .where(and(...due))
    .returning({ news_id: news.news_id, title: news.title, audience: news.audience });
  for (const item of requested)
    await recordNotification(tx, {
      kind: "official_information",
      newsId: item.news_id,
      title: item.title,
      audience: item.audience,
      at: now,
    });
  return requested.map((item) => item.news_id);
}
