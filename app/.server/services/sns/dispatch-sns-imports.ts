import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enqueueJobOnce } from "../../db/queue/enqueue";
import { snsLinks } from "../../db/schema";

/** Per run, at most this many links are queued (the rest are due on the next minute). */
const DISPATCH_BATCH = 500;

/**
 * The `sns.dispatch` job: one `sns.import` per active link that is due (`next_import_at` passed
 * or never set). The import queue keeps one job per link, so a link still waiting is not queued
 * twice. Answers how many jobs were queued.
 */
export async function dispatchSnsImports({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const due = await db
    .select({ linkId: snsLinks.link_id })
    .from(snsLinks)
    .where(
      and(
        eq(snsLinks.status, "active"),
        or(isNull(snsLinks.next_import_at), lte(snsLinks.next_import_at, now)),
      ),
    )
    .orderBy(asc(snsLinks.next_import_at))
    .limit(DISPATCH_BATCH);
  let queued = 0;
  for (const { linkId } of due) {
    if (await enqueueJobOnce(db, "sns.import", { linkId }, { singletonKey: linkId })) queued++;
  }
  return queued;
}
