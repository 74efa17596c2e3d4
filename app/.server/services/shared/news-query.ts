import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AccountRole } from "~/domain/account-roles";
import { audiencesOf } from "~/domain/news";
import { news, newsReads } from "../../db/schema";

/** A reader of news as the services take it (the page's viewer fits). */
export interface NewsReader {
  type: AccountRole;
  uid: string;
}

/** The news `reader` may see at `now`: for its kind of account or everyone, and already published. */
export function visibleTo(reader: NewsReader, now: Date): SQL {
  return and(inArray(news.audience, audiencesOf(reader.type)), lte(news.published_at, now))!;
}

/** Whether `reader` has opened the news of the row. */
export function readBy(reader: NewsReader) {
  return sql<boolean>`exists (select 1 from ${newsReads} where ${newsReads.news_id} = ${news.news_id} and ${eq(newsReads.uid, reader.uid)})`;
}
