import { eq } from "drizzle-orm";
import { STORE_STATUSES } from "~/domain/options";
import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange } from "../operators/record-operator-change";
import { activeSuspensions } from "../shared/store-suspension";
import { changeStoreAsOperator } from "./operator-store-write";

export type SetStoreStatusResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "not_found" | "suspended" | "deleted" };

/**
 * The operator lists a store or takes it off the list (public / private) as the store itself
 * could. Not while a suspension holds it (that is lifted, not overridden); a store marked
 * suspended with no suspension on record (set by hand) can be set back this way.
 */
export async function setStoreStatus({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { liverId: string; status: "public" | "private" };
  now?: Date;
}): Promise<SetStoreStatusResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    if (store.status === "deleted") return { ok: false, error: "deleted" } as const;
    if ((await activeSuspensions(tx, store.uid)).length > 0)
      return { ok: false, error: "suspended" } as const;
    if (store.status === input.status) return { ok: true, changed: false } as const;
    await tx.update(livers).set({ status: input.status }).where(eq(livers.uid, store.uid));
    const label = STORE_STATUSES.find((s) => s.value === input.status)?.label ?? input.status;
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "livers",
        targetId: store.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.storeStatus(label),
      },
      audit: {
        action: "store.status",
        targetType: "liver",
        targetId: store.uid,
        details: { from: store.status, to: input.status },
      },
    });
    return { ok: true, changed: true } as const;
  });
}
