import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { payoutPaidMail } from "../../integrations/mail/payout-notice-templates";
import { ensureAccounts } from "../ledger/accounts";
import type { SignedInOperator } from "../operators/operator-actor";
import { type PayoutStepResult, payoutAccounts, runPayoutStep } from "./payout-step";

/**
 * The bank has transferred an exported request (ADR 0033, ADR 0036): the approved yen owed
 * to the store leave for `platform:payouts_paid` in one ledger transaction under
 * `payout-paid:<request>` (once, however often it is clicked), the store is mailed.
 */
export function markPayoutPaid({
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
  return runPayoutStep(
    { db, env, mailer, actor, now },
    {
      requestId: input.requestId,
      key: "payout-paid",
      kind: "payout_paid",
      from: ["exported"],
      to: "paid",
      refusal: "not_payable",
      mail: payoutPaidMail,
      async book(tx, request) {
        const approved = payoutAccounts.approved(request.liver_id);
        const paid = payoutAccounts.paid();
        await ensureAccounts(tx, [approved, paid]);
        return [
          { account_id: approved.account_id, unit: "yen", tracked: true, amount: -request.net_yen },
          { account_id: paid.account_id, unit: "yen", tracked: false, amount: request.net_yen },
        ];
      },
    },
  );
}
