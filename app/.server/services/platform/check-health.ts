import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function checkHealth({ db }: { db: Db }): Promise<{ ok: true }> {
  await db.execute(sql`select 1`);
  return { ok: true };
}
