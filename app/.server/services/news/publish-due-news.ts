import type { Db } from "../../db/client";
import { requestDueNewsMail } from "../shared/request-news-mail";

/**
 * The minute tick of the `news.publish` job: requests the mail of every scheduled news whose time
 * has come. A news published now requested its mail already; an edited time is simply read again
 * at the next tick, so any number of edits still ends in one request.
 */
export async function publishDueNews({ db, now = new Date() }: { db: Db; now?: Date }) {
  const requested = await db.transaction((tx) => requestDueNewsMail(tx, { now }));
  return { mailRequested: requested.length };
}
