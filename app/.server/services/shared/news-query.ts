import { and, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AccountType } from "~/domain/account-roles";
import { audiencesOf } from "~/domain/news";
import { news } from "../../db/schema";

/** A reader of news as the services take it (the page's viewer fits). */
export interface NewsReader {
  type: AccountType;
  uid: string;
}

/** The news `reader` may see at `now`: for its kind of account or everyone, and already published. */
export function visibleTo(reader: NewsReader, now: Date): SQL {
  // An operator reads no member news (the policy refuses it before this is asked).
  const audiences = reader.type === "operator" ? [] : audiencesOf(reader.type);
  return and(inArray(news.audience, audiences), lte(news.published_at, now))!;
}

/** Whether `reader` has opened the news of the row. */
export function readBy(reader: NewsReader) {
  // Spelled out with table names: inside a select list Drizzle writes columns unqualified, and the
  // subquery's own news_id would then shadow the outer row's.
  return sql<boolean>`exists (select 1 from "news_reads" r where r."news_id" = "news"."news_id" and r."uid" = ${reader.uid})`;
}
