import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { StoreSuspensionSource } from "~/domain/store-suspension";
import type { Db, Tx } from "../../db/client";
import { livers, storeSuspensions } from "../../db/schema";

/**
 * The one place that suspends stores and lifts suspensions (ADR 0033 `suspended`, ADR 0037 billing,
 * ADR 0033 operator; ADR 0033). A store is `suspended` exactly while it has an active suspension of any
 * source; each source places and lifts only its own, and the last one lifted gives the store back
 * the status it had before (public or private). The operator's console calls these with
 * `operator`; billing calls them with `billing` — so an operator's suspension outlives a paid
 * invoice, and a paid invoice does not lift it.
 *
 * Both take the caller's transaction and lock the store row first (the order every store write
 * uses), so two suspensions or a suspension and a lift of one store never interleave. The status
 * change fires the directory's version trigger (ADR 0013): totals are counted again at once.
 */

export interface SuspensionActor {
  /** The operator's uid; null for the system (billing). */
  uid: string | null;
  email?: string;
}

export type PlaceSuspensionResult =
  | { ok: true; created: boolean; suspensionId: string; previousStatus: string }
  | { ok: false; error: "not_found" };

export async function placeStoreSuspension(
  tx: Tx,
  {
    liverId,
    source,
    reason,
    by,
    now = new Date(),
  }: { liverId: string; source: StoreSuspensionSource; reason: string; by: SuspensionActor; now?: Date },
): Promise<PlaceSuspensionResult> {
  const store = await lockStore(tx, liverId);
  if (!store || store.status === "deleted") return { ok: false, error: "not_found" };
  const active = await activeSuspensions(tx, liverId);
  const own = active.find((s) => s.source === source);
  if (own) return { ok: true, created: false, suspensionId: own.id, previousStatus: store.status };
  // What the store goes back to once nothing holds it: its own choice from before the first
  // suspension. A store marked suspended without any record (set by hand) comes back private.
  const resume =
    store.status === "public" || store.status === "private"
      ? store.status
      : (active[0]?.resume_status ?? "private");
  const id = randomUUID();
  await tx.insert(storeSuspensions).values({
    id,
    liver_id: liverId,
    source,
    reason,
    resume_status: resume,
    suspended_by: by.uid,
    suspended_by_email: by.email ?? "",
    suspended_at: now,
  });
  if (store.status !== "suspended")
    await tx.update(livers).set({ status: "suspended" }).where(eq(livers.uid, liverId));
  return { ok: true, created: true, suspensionId: id, previousStatus: store.status };
}

export type LiftSuspensionResult =
  | {
      ok: true;
      lifted: boolean;
      /** The store's status afterwards (still `suspended` while another source holds it). */
      status: "public" | "private" | "suspended";
      /** The sources still holding the store. */
      remaining: StoreSuspensionSource[];
    }
  | { ok: false; error: "not_found" };

export async function liftStoreSuspension(
  tx: Tx,
  {
    liverId,
    source,
    by,
    note = "",
    now = new Date(),
  }: { liverId: string; source: StoreSuspensionSource; by: SuspensionActor; note?: string; now?: Date },
): Promise<LiftSuspensionResult> {
  const store = await lockStore(tx, liverId);
  if (!store || store.status === "deleted") return { ok: false, error: "not_found" };
  const active = await activeSuspensions(tx, liverId);
  const own = active.find((s) => s.source === source);
  const remaining = active.filter((s) => s.source !== source);
  const current = store.status as "public" | "private" | "suspended";
  if (!own) return { ok: true, lifted: false, status: current, remaining: remaining.map((s) => s.source) };
  await tx
    .update(storeSuspensions)
    .set({ lifted_at: now, lifted_by: by.uid, lifted_by_email: by.email ?? "", lift_note: note })
    .where(eq(storeSuspensions.id, own.id));
  if (remaining.length > 0)
    return { ok: true, lifted: true, status: "suspended", remaining: remaining.map((s) => s.source) };
  const resume = own.resume_status;
  await tx.update(livers).set({ status: resume }).where(eq(livers.uid, liverId));
  return { ok: true, lifted: true, status: resume, remaining: [] };
}

/** The suspensions holding a store now, oldest first. */
export function activeSuspensions(db: Db | Tx, liverId: string) {
  return db
    .select({
      id: storeSuspensions.id,
      source: storeSuspensions.source,
      reason: storeSuspensions.reason,
      resume_status: storeSuspensions.resume_status,
      suspended_at: storeSuspensions.suspended_at,
      suspended_by_email: storeSuspensions.suspended_by_email,
    })
    .from(storeSuspensions)
    .where(and(eq(storeSuspensions.liver_id, liverId), isNull(storeSuspensions.lifted_at)))
    .orderBy(asc(storeSuspensions.suspended_at), asc(storeSuspensions.id));
}

async function lockStore(tx: Tx, liverId: string) {
  const [store] = await tx
    .select({ uid: livers.uid, status: livers.status })
    .from(livers)
    .where(eq(livers.uid, liverId))
    .for("update");
  return store;
}
