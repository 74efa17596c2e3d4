import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { storeSuspensionLiftedMail } from "../../integrations/mail/operator-notice-templates";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange, storeNoticeLinks } from "../operators/record-operator-change";
import { liftStoreSuspension as liftSuspension } from "../shared/store-suspension";
import { changeStoreAsOperator } from "./operator-store-write";

export type LiftStoreSuspensionResult =
  | { ok: true; status: "public" | "private" | "suspended" }
  | { ok: false; error: "not_found" | "not_suspended" };

/**
 * The operator lifts its own suspension of a store: the store goes back to what it was (public
 * or private) unless billing still holds it, and is told so by mail with the operator's note.
 * Billing's suspension is not the operator's to lift (ADR 0033).
 */
export async function liftStoreSuspension({
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
  input: { liverId: string; note: string };
  now?: Date;
}): Promise<LiftStoreSuspensionResult> {
  return changeStoreAsOperator(db, actor, input.liverId, async (tx, store) => {
    const lifted = await liftSuspension(tx, {
      liverId: store.uid,
      source: "operator",
      by: { uid: actor.uid, email: actor.email },
      note: input.note,
      now,
    });
    if (!lifted.ok) return lifted;
    if (!lifted.lifted) return { ok: false, error: "not_suspended" } as const;
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "livers",
        targetId: store.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.storeSuspensionLifted,
      },
      audit: {
        action: "store.unsuspend",
        targetType: "liver",
        targetId: store.uid,
        details: { note: input.note, status: lifted.status, still_held_by: lifted.remaining },
      },
      mail: {
        mailer,
        kind: "store-suspension-lifted",
        content: storeSuspensionLiftedMail({
          storeName: store.store_name,
          note: input.note,
          listed: lifted.status,
          ...storeNoticeLinks(env),
        }),
      },
    });
    return { ok: true, status: lifted.status } as const;
  });
}
