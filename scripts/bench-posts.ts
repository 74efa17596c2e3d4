/**
 * The data of the `posts` section of `npm run bench` (ADR 0024): the large directory data set plus
 * posts up to `--posts` (default 500,000), spread over listed and unlisted authors the way the
 * seed does, and one listener following 200 accounts (the `following` scenario).
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../app/.server/db/client";
import { favorites, listeners, livers, posts, staffs, user } from "../app/.server/db/schema";
import { generatePostsFor } from "../app/.server/seed/generate/posts";
import { createRandom } from "../app/.server/seed/random";
import { bulkInsert } from "../app/.server/seed/seed-database";

/** The listener of the `following` scenario (a seeded listener: the demo password signs in). */
export const FOLLOWING_LISTENER_EMAIL = "listener-000001@demo.example";
export const FOLLOWING_COUNT = 200;

type Progress = (done: number, total: number) => void;

/** Adds posts until the table holds `target`; deterministic for the same data set. */
export async function ensurePosts(database: Database, target: number, progress: Progress): Promise<number> {
  const db = database.db;
  const [existing] = await db.select({ n: count() }).from(posts);
  let have = existing?.n ?? 0;
  if (have >= target) return have;
  const authors = [
    ...(
      await db
        .select({
          staffId: staffs.uid,
          liverId: staffs.liver_id,
          handle: staffs.login_id,
          images: staffs.image_urls,
        })
        .from(staffs)
    ).map((a) => ({ ...a, handle: a.handle ?? a.staffId, portrait: true })),
    ...(
      await db.select({ liverId: livers.uid, handle: livers.uid, images: livers.image_urls }).from(livers)
    ).map((a) => ({ ...a, staffId: null, portrait: false })),
  ].filter((a) => a.images.length > 0);
  const random = createRandom(have + 1).fork("bench-posts");
  const now = new Date();
  let round = 0;
  while (have < target) {
    const batch: (typeof posts.$inferInsert)[] = [];
    for (let i = 0; i < 2_000 && have + batch.length < target; i++) {
      const author = authors[(round * 2_000 + i) % authors.length]!;
      batch.push(...generatePostsFor(random, { author, count: 1, now, days: 365 }));
    }
    await db.transaction(async (tx) => {
      await bulkInsert(tx, posts, batch);
    });
    have += batch.length;
    round += 1;
    progress(have, target);
  }
  return have;
}

/** The listener of the `following` scenario follows 200 listed accounts (170 staff, 30 stores). */
export async function ensureFollowing(database: Database): Promise<string> {
  const db = database.db;
  const [listener] = await db
    .select({ uid: listeners.uid })
    .from(listeners)
    .innerJoin(user, eq(user.id, listeners.uid))
    .where(eq(user.email, FOLLOWING_LISTENER_EMAIL));
  if (!listener) throw new Error(`the data set has no ${FOLLOWING_LISTENER_EMAIL}`);
  const [have] = await db.select({ n: count() }).from(favorites).where(eq(favorites.uid, listener.uid));
  if ((have?.n ?? 0) >= FOLLOWING_COUNT) return listener.uid;
  await db.delete(favorites).where(eq(favorites.uid, listener.uid));
  // Every 150th listed staff member and every 40th public store: spread over the country.
  const staffIds = await db.execute<{ uid: string }>(sql`
    select uid from (select ${staffs.uid} as uid, row_number() over (order by ${staffs.uid}) as n
      from ${staffs} join ${livers} on ${livers.uid} = ${staffs.liver_id}
      where ${staffs.status} = 'public' and ${staffs.is_displayed} and ${livers.status} = 'public') s
    where n % 150 = 0 limit 170`);
  const storeIds = await db
    .select({ uid: livers.uid })
    .from(livers)
    .where(and(eq(livers.status, "public")))
    .orderBy(livers.uid)
    .limit(30);
  const rows = [
    ...rowsOf<{ uid: string }>(staffIds).map((s) => ({
      favorite_id: randomUUID(),
      uid: listener.uid,
      staff_id: s.uid,
    })),
    ...storeIds.map((s) => ({ favorite_id: randomUUID(), uid: listener.uid, liver_id: s.uid })),
  ];
  await db.insert(favorites).values(rows);
  return listener.uid;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
