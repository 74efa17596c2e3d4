import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { storeSuspendedMail } from "../../integrations/mail/operator-notice-templates";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange, storeNoticeLinks } from "../operators/record-operator-change";
import { placeStoreSuspension } from "../shared/store-suspension";
import { changeStoreAsOperator } from "./operator-store-write";

export type SuspendStoreResult =
  | { ok: true }
  | { ok: false; error: "not_found" | "already_suspended" | "deleted" };

/**
 * The operator suspends a store (ADR 0033): it leaves the directory at once (its status
 * fires the directory's version trigger, ADR 0013), the suspension is recorded as the operator's
 * with the reason, the store's log says so, and the store is mailed the reason — all in one
 * transaction, the mail through the queue (ADR 0015).
 */
export async function suspendStore({
  db,
  env,
  mailer,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Pick<Env, "baseUrl">;
  mailer: Mailer;
  actor: SignedInOperator;
  input: { liverId: string; reason: string };
  now?: Date;
}): Promise<SuspendStoreResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    if (store.status === "deleted") return { ok: false, error: "deleted" } as const;
    const placed = await placeStoreSuspension(tx, {
      liverId: store.uid,
      source: "operator",
      reason: input.reason,
      by: { uid: actor.uid, email: actor.email },
      now,
    });
    if (!placed.ok) return placed;
    if (!placed.created) return { ok: false, error: "already_suspended" } as const;
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "livers",
        targetId: store.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.storeSuspended(input.reason),
      },
      audit: {
        action: "store.suspend",
        targetType: "liver",
        targetId: store.uid,
        details: {
          reason: input.reason,
          previous_status: placed.previousStatus,
          suspension_id: placed.suspensionId,
        },
      },
      mail: {
        mailer,
        kind: "store-suspended",
        content: storeSuspendedMail({
          storeName: store.store_name,
          reason: input.reason,
          ...storeNoticeLinks(env),
        }),
      },
    });
    return { ok: true } as const;
  });
}
