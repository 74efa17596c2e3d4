import { desc, eq, isNotNull, isNull } from "drizzle-orm";
import { PAST_SUSPENSIONS_SHOWN } from "~/domain/account-suspensions";
import type { StoreSuspensionSource } from "~/domain/store-suspension";
import type { Db } from "../../db/client";
import { livers, storeSuspensions } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

export interface StoreSuspensionItem {
  id: string;
  store: { id: string; name: string };
  source: StoreSuspensionSource;
  reason: string;
  suspended_at: Date;
  suspended_by_email: string;
  lifted_at: Date | null;
  lifted_by_email: string;
  lift_note: string;
}

/**
 * The stores beside the accounts on `/admin/accounts/suspensions` (ADR 0053): the suspensions that
 * hold a store now, the operator's and billing's (ADR 0033, ADR 0037), newest first — or the
 * lifted ones, the newest 100. Lifting stays on the store's own page, where the source is known.
 */
export async function listStoreSuspensions({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { status: "active" | "past" };
}): Promise<StoreSuspensionItem[]> {
  await assertOperator(db, actor);
  const rows = await db
    .select({ suspension: storeSuspensions, store_name: livers.store_name })
    .from(storeSuspensions)
    .innerJoin(livers, eq(livers.uid, storeSuspensions.liver_id))
    .where(
      input.status === "active" ? isNull(storeSuspensions.lifted_at) : isNotNull(storeSuspensions.lifted_at),
    )
    .orderBy(desc(storeSuspensions.suspended_at), desc(storeSuspensions.id))
    .limit(input.status === "active" ? 1000 : PAST_SUSPENSIONS_SHOWN);
  return rows.map(({ suspension: s, store_name }) => ({
    id: s.id,
    store: { id: s.liver_id, name: store_name },
    source: s.source,
    reason: s.reason,
    suspended_at: s.suspended_at,
    suspended_by_email: s.suspended_by_email,
    lifted_at: s.lifted_at,
    lifted_by_email: s.lifted_by_email,
    lift_note: s.lift_note,
  }));
}
