import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { payoutApprovedMail } from "../../integrations/mail/payout-notice-templates";
import { accounts, ensureAccounts } from "../ledger/accounts";
import { requestHash, runOnce } from "../ledger/run-once";
import { writeLedgerTransaction } from "../ledger/write-ledger-transaction";
import { assertOperator, type SignedInOperator } from "./operator-actor";
import {
  moveRequest,
  type PayoutStepError,
  PayoutStepRefused,
  payoutAccounts,
  recordPayoutStep,
} from "./payout-step";

export type PayoutStepResult =
  | { ok: true; replayed: boolean; requestId: string }
  | { ok: false; error: PayoutStepError | "idempotency_conflict" };

/**
 * The operator approves a pending payout request (contract §15, ADR 0036): the yen owed to the
 * store move from "requested" to "approved" in one ledger transaction under the key
 * `payout-approve:<request>` — approving twice (a double click, two operators at once) books
 * once and answers the same — with the step's row, the audit row and the store's mail.
 */
export async function approvePayout({
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
  input: { requestId: string };
  now?: Date;
}): Promise<PayoutStepResult> {
  const key = {
    idempotencyKey: `payout-approve:${input.requestId}`,
    requestHash: requestHash({ requestId: input.requestId }),
  };
  try {
    const once = await runOnce(db, key, async (tx) => {
      await assertOperator(tx, actor);
      const request = await moveRequest(tx, input.requestId, ["pending"], "approved", "not_pending");
      const requested = accounts.storePayable(request.liver_id);
      const approved = payoutAccounts.approved(request.liver_id);
      await ensureAccounts(tx, [requested, approved]);
      const txId = await writeLedgerTransaction(tx, {
        kind: "payout_approve",
        ...key,
        actorId: actor.uid,
        result: { request_id: request.request_id },
        postings: [
          { account_id: requested.account_id, unit: "yen", tracked: true, amount: -request.net_yen },
          { account_id: approved.account_id, unit: "yen", tracked: true, amount: request.net_yen },
        ],
      });
      await recordPayoutStep(tx, {
        actor,
        request,
        step: "approved",
        txId,
        env,
        mailer,
        mail: payoutApprovedMail,
        now,
      });
      return { request_id: request.request_id };
    });
    if (!once.ok) return once;
    return { ok: true, replayed: once.replayed, requestId: once.result.request_id };
  } catch (error) {
    if (error instanceof PayoutStepRefused) return { ok: false, error: error.error };
    throw error;
  }
}
