import { and, eq } from "drizzle-orm";
import { type BillEstimate, type EstimateQuery, estimateBill } from "~/domain/estimate";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema";

export type EstimateLiverBillResult =
  | {
      ok: true;
      liver_id: string;
      /** The query as read, `set` resolved to the set the estimate used (null without sets). */
      query: EstimateQuery;
      /** null when the store lists no set prices (`message` says so). */
      estimate: BillEstimate | null;
      message: string | null;
    }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "invalid"; field: "set"; message: string };

/**
 * The estimated bill (料金目安, ADR 0057) at a public store: its price system and first-visit
 * offer read, the domain's estimateBill applied. Anyone may ask; a store that is not public is
 * not found, as `GET /api/livers/{id}` answers.
 */
export async function estimateLiverBill({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer | null;
  input: { liverId: string; query: EstimateQuery };
}): Promise<EstimateLiverBillResult> {
  // The directory's reading right, as every public read asks it (ADR 0022).
  if (actor && roleRefusal(actor, "directory.read")) return { ok: false, error: "not_found" };
  const [store] = await db
    .select({ uid: livers.uid, price_system: livers.price_system, first_visit: livers.first_visit })
    .from(livers)
    .where(and(eq(livers.uid, input.liverId), eq(livers.status, "public")));
  if (!store) return { ok: false, error: "not_found" };
  const result = estimateBill(store.price_system, store.first_visit, input.query);
  if (!result.ok && result.error === "invalid") return result;
  return {
    ok: true,
    liver_id: store.uid,
    query: { ...input.query, set: result.ok ? result.estimate.set_index : null },
    estimate: result.ok ? result.estimate : null,
    message: result.ok ? null : result.message,
  };
}
