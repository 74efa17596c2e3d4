import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { news } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";

export type DeleteNewsResult = { ok: true } | { ok: false; error: "not_found" | "published" };

/** Deletes a news that is not published yet, with its audit row; a published one stays. */
export async function deleteNews({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { newsId: string };
  now?: Date;
}): Promise<DeleteNewsResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [deleted] = await tx
      .delete(news)
      .where(and(eq(news.news_id, input.newsId), gt(news.published_at, now)))
      .returning({ title: news.title, audience: news.audience, published_at: news.published_at });
    if (!deleted) {
      const [exists] = await tx.select({ id: news.news_id }).from(news).where(eq(news.news_id, input.newsId));
      return { ok: false, error: exists ? "published" : "not_found" } as const;
    }
    await writeAudit(tx, actor, {
      action: "news.delete",
      targetType: "news",
      targetId: input.newsId,
      details: { ...deleted, published_at: deleted.published_at.toISOString() },
    });
    return { ok: true } as const;
  });
}
