import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livers, staffs } from "../../db/schema";
import { listedStaff } from "./staff-query";

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** Every public store page and every publicly listed staff member's page, for `/sitemap.xml`. */
export async function listSitemapEntries({ db }: { db: Db }): Promise<SitemapEntry[]> {
  const [stores, staff] = await Promise.all([
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
  ]);
  return [
    ...stores.map((s) => ({ path: `/listener/liver/${s.uid}`, lastmod: s.updated_at })),
    ...staff.map((s) => ({ path: `/listener/staff/${s.uid}`, lastmod: s.updated_at })),
  ];
}
