import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { PriceSystem } from "~/domain/price-system";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";

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
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  const rows = await db
    .update(livers)
    .set({ price_system: input })
    .where(eq(livers.uid, actor.uid))
    .returning({ uid: livers.uid });
  return rows.length > 0 ? { ok: true } : { ok: false, error: "forbidden" };
}
