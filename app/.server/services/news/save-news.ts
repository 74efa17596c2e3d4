import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { NEWS_MESSAGES, type NewsAudience, type NewsForm, tokyoLocalToDate } from "~/domain/news";
import type { Db } from "../../db/client";
import { news } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { requestDueNewsMail } from "../shared/request-news-mail";

export type SaveNewsResult =
  | { ok: true; newsId: string; published: boolean; mailRequested: boolean }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "invalid"; errors: Record<string, string> };

/**
 * Creates or edits a news (ADR 0027) with its audit row, in one transaction. Not yet published:
 * `publish_now` publishes it at once, `schedule` sets its future time. Once published, its time and
 * its mail choice stay as they were (the mail went out or never will) and `save` edits the text.
 * Publishing now requests the mail in the same transaction; a scheduled one is left to the tick.
 */
export async function saveNews({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { newsId: string | null; form: NewsForm };
  now?: Date;
}): Promise<SaveNewsResult> {
  const { form } = input;
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [existing] = input.newsId
      ? await tx.select().from(news).where(eq(news.news_id, input.newsId)).for("update").limit(1)
      : [];
    if (input.newsId && !existing) return { ok: false, error: "not_found" } as const;
    const wasPublished = existing ? existing.published_at <= now : false;

    let publishedAt: Date;
    if (wasPublished) publishedAt = existing!.published_at;
    else if (form.intent === "publish_now") publishedAt = now;
    else if (form.intent === "schedule") {
      const at = tokyoLocalToDate(form.published_at);
      if (!at) return invalid({ published_at: NEWS_MESSAGES.publishedAtInvalid });
      if (at <= now) return invalid({ published_at: NEWS_MESSAGES.publishedAtPast });
      publishedAt = at;
    } else return invalid({ _form: NEWS_MESSAGES.intent });

    const values = {
      title: form.title,
      body: form.body,
      audience: form.audience as NewsAudience,
      published_at: publishedAt,
      send_mail: wasPublished ? existing!.send_mail : form.send_mail,
      updated_by: actor.uid,
      updated_at: now,
    };
    const newsId = existing?.news_id ?? randomUUID();
    if (existing) await tx.update(news).set(values).where(eq(news.news_id, newsId));
    else await tx.insert(news).values({ ...values, news_id: newsId, created_by: actor.uid, created_at: now });

    const published = publishedAt <= now;
    const mailRequested = published ? (await requestDueNewsMail(tx, { now, newsId })).length > 0 : false;
    await writeAudit(tx, actor, {
      action: existing ? "news.update" : "news.create",
      targetType: "news",
      targetId: newsId,
      details: {
        intent: form.intent,
        title: values.title,
        audience: values.audience,
        published_at: publishedAt.toISOString(),
        send_mail: values.send_mail,
        mail_requested: mailRequested,
      },
    });
    return { ok: true, newsId, published, mailRequested } as const;
  });
}

function invalid(errors: Record<string, string>) {
  return { ok: false, error: "invalid", errors } as const;
}
