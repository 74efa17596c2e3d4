import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { payoutPaidMail } from "../../integrations/mail/payout-notice-templates";
import { ensureAccounts } from "../ledger/accounts";
import { requestHash, runOnce } from "../ledger/run-once";
import { writeLedgerTransaction } from "../ledger/write-ledger-transaction";
import type { PayoutStepResult } from "./approve-payout";
import { assertOperator, type SignedInOperator } from "./operator-actor";
import { moveRequest, PayoutStepRefused, payoutAccounts, recordPayoutStep } from "./payout-step";

/**
 * The bank has transferred an exported request (contract §15, ADR 0036): the approved yen owed
 * to the store leave for `platform:payouts_paid` in one ledger transaction under
 * `payout-paid:<request>` (once, however often it is clicked), the store is mailed.
 */
export async function markPayoutPaid({
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
    idempotencyKey: `payout-paid:${input.requestId}`,
    requestHash: requestHash({ requestId: input.requestId }),
  };
  try {
    const once = await runOnce(db, key, async (tx) => {
      await assertOperator(tx, actor);
      const request = await moveRequest(tx, input.requestId, ["exported"], "paid", "not_payable");
      const approved = payoutAccounts.approved(request.liver_id);
      const paid = payoutAccounts.paid();
      await ensureAccounts(tx, [approved, paid]);
      const txId = await writeLedgerTransaction(tx, {
        kind: "payout_paid",
        ...key,
        actorId: actor.uid,
        result: { request_id: request.request_id },
        postings: [
          { account_id: approved.account_id, unit: "yen", tracked: true, amount: -request.net_yen },
          { account_id: paid.account_id, unit: "yen", tracked: false, amount: request.net_yen },
        ],
      });
      await recordPayoutStep(tx, {
        actor,
        request,
        step: "paid",
        txId,
        env,
        mailer,
        mail: payoutPaidMail,
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
