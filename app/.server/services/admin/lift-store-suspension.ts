import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { storeSuspensionLiftedMail } from "../../integrations/mail/operator-notice-templates";
import { liftStoreSuspension as liftSuspension } from "../shared/store-suspension";
import { writeLog } from "../shared/write-log";
import type { SignedInOperator } from "./operator-actor";
import { changeStoreAsOperator, storeNoticeLinks } from "./operator-store-write";
import { writeAudit } from "./write-audit";

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
    await writeLog(tx, {
      liverId: store.uid,
      actorUid: actor.uid,
      action: "updated",
      targetType: "livers",
      targetId: store.uid,
      description: OPERATOR_LOG_DESCRIPTIONS.storeSuspensionLifted,
      now,
    });
    await writeAudit(tx, actor, {
      action: "store.unsuspend",
      targetType: "liver",
      targetId: store.uid,
      details: { note: input.note, status: lifted.status, still_held_by: lifted.remaining },
    });
    if (store.email)
      await mailer.send(
        {
          kind: "store-suspension-lifted",
          to: store.email,
          ...storeSuspensionLiftedMail({
            storeName: store.store_name,
            note: input.note,
            listed: lifted.status,
            ...storeNoticeLinks(env),
          }),
          meta: { role: "liver", uid: store.uid },
        },
        { tx },
      );
    return { ok: true, status: lifted.status } as const;
  });
}
