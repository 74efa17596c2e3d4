import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { TaxStatusSchema } from "~/domain/store-tax-status";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";

export type UpdateTaxStatusResult = { ok: true } | { ok: false; error: "forbidden" };

/**
 * Saves whether the store is a company or an individual (`livers.is_individual`), which decides
 * 源泉徴収 on its payouts from the next request on (ADR 0032); a request already made keeps the
 * breakdown it was made with.
 */
export async function updateTaxStatus({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { is_individual: unknown };
}): Promise<UpdateTaxStatusResult> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  const { is_individual } = TaxStatusSchema.parse(input);
  const [store] = await db
    .update(livers)
    .set({ is_individual })
    .where(eq(livers.uid, actor.uid))
    .returning({ uid: livers.uid });
  return store ? { ok: true } : { ok: false, error: "forbidden" };
}
