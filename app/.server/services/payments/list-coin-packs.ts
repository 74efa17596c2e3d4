import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type CoinPack, coinPacks } from "../../db/schema";

/** The coin packs on sale, in their order (public: the legal page lists their prices). */
export async function listCoinPacks({ db }: { db: Db }): Promise<CoinPack[]> {
  return db.select().from(coinPacks).where(eq(coinPacks.status, "active")).orderBy(asc(coinPacks.sort_order));
}
