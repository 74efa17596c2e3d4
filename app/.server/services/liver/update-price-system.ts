import { eq } from "drizzle-orm";
import type { PriceSystem } from "~/domain/price-system";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema";

export type UpdatePriceSystemResult = { ok: true } | { ok: false; error: "forbidden" };

/** Replaces the store's 料金システム (validated by `PriceSystemSchema`) as a whole. */
export async function updatePriceSystem({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: PriceSystem;
}): Promise<UpdatePriceSystemResult> {
  if (actor.type !== "liver") return { ok: false, error: "forbidden" };
  const rows = await db
    .update(livers)
    .set({ price_system: input })
    .where(eq(livers.uid, actor.uid))
    .returning({ uid: livers.uid });
  return rows.length > 0 ? { ok: true } : { ok: false, error: "forbidden" };
}
