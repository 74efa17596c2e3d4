import { eq } from "drizzle-orm";
import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange } from "../operators/record-operator-change";
import { changeStoreAsOperator } from "./operator-store-write";

export type SetStoreStaffLimitResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "not_found" | "deleted" };

/** The operator sets a store's staff limit (`limit_staff`) apart from its plan's (ADR 0033). */
export async function setStoreStaffLimit({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { liverId: string; limit: number };
  now?: Date;
}): Promise<SetStoreStaffLimitResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    if (store.status === "deleted") return { ok: false, error: "deleted" } as const;
    if (store.limit_staff === input.limit) return { ok: true, changed: false } as const;
    await tx.update(livers).set({ limit_staff: input.limit }).where(eq(livers.uid, store.uid));
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "livers",
        targetId: store.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.storeLimit(input.limit),
      },
      audit: {
        action: "store.limit_staff",
        targetType: "liver",
        targetId: store.uid,
        details: { from: store.limit_staff, to: input.limit },
      },
    });
    return { ok: true, changed: true } as const;
  });
}
