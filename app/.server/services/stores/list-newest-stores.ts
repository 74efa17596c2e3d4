import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { FirstVisit } from "~/domain/store-intro-display";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";

export const ListNewestStoresSchema = z.object({
  limit: z.number().int().min(1).max(50).default(8),
});

/** What a store card shows; a subset of the store, safe for the public. */
export interface StoreCardData {
  uid: string;
  store_name: string;
  store_name_kana: string;
  store_type: string;
  prefecture: string;
  area: string;
  area_detail: string;
  image_url: string | null;
  business_start_time: string;
  business_end_time: string;
  follower_number: number;
  created_at: Date;
  /** The first-visit price the card shows (「初回 60分 ¥3,000〜」), or null. */
  first_visit: FirstVisit | null;
}

/** The newest public stores (docs/product.md: only public stores are listed, newest `created_at` first). */
export async function listNewestStores({
  db,
  input,
}: {
  db: Db;
  input: z.input<typeof ListNewestStoresSchema>;
}): Promise<StoreCardData[]> {
  const { limit } = ListNewestStoresSchema.parse(input);
  const rows = await db
    .select({
      uid: livers.uid,
      store_name: livers.store_name,
      store_name_kana: livers.store_name_kana,
      store_type: livers.store_type,
      prefecture: livers.prefecture,
      area: livers.area,
      area_detail: livers.area_detail,
      image_urls: livers.image_urls,
      business_start_time: livers.business_start_time,
      business_end_time: livers.business_end_time,
      follower_number: livers.follower_number,
      created_at: livers.created_at,
      first_visit: livers.first_visit,
    })
    .from(livers)
    .where(eq(livers.status, "public"))
    .orderBy(desc(livers.created_at), livers.uid)
    .limit(limit);
  return rows.map(({ image_urls, ...row }) => ({ ...row, image_url: image_urls[0] ?? null }));
}
