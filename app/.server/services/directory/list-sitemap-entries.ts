import { and, asc, eq, max } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons, livers, staffs } from "../../db/schema";
import { listedStaff } from "../shared/staff-query";

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** How long one reading of the lists serves: crawlers are happy with minutes, the database more so. */
export const SITEMAP_TTL_MS = 10 * 60 * 1000;

const cache = new WeakMap<Db, { at: number; entries: Promise<SitemapEntry[]> }>();

/**
 * Every public store page and every publicly listed staff member's page, for `/sitemap.xml`, and
 * `/coupons` once any store has written a coupon (its lastmod the newest change of one, ADR 0058).
 * Tens of thousands of rows: read once per SITEMAP_TTL_MS per database and shared (also by the
 * requests that arrive while it is being read), not once per request.
 */
export function listSitemapEntries({
  db,
  now = Date.now(),
}: {
  db: Db;
  now?: number;
}): Promise<SitemapEntry[]> {
  const hit = cache.get(db);
  if (hit && now - hit.at < SITEMAP_TTL_MS) return hit.entries;
  const entries = readSitemapEntries(db);
  cache.set(db, { at: now, entries });
  // A failed reading is not kept.
  entries.catch(() => cache.delete(db));
  return entries;
}

async function readSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [stores, staff, [couponChange]] = await Promise.all([
    db
      .select({ uid: livers.uid, updated_at: livers.updated_at })
      .from(livers)
      .where(eq(livers.status, "public"))
      .orderBy(asc(livers.uid)),
    db
      .select({ uid: staffs.uid, updated_at: staffs.updated_at })
      .from(staffs)
      .innerJoin(livers, eq(livers.uid, staffs.liver_id))
      .where(and(listedStaff))
      .orderBy(asc(staffs.uid)),
    db.select({ at: max(coupons.updated_at) }).from(coupons),
  ]);
  return [
    ...(couponChange?.at ? [{ path: "/coupons", lastmod: couponChange.at }] : []),
    ...stores.map((s) => ({ path: `/listener/liver/${s.uid}`, lastmod: s.updated_at })),
    ...staff.map((s) => ({ path: `/listener/staff/${s.uid}`, lastmod: s.updated_at })),
  ];
}
