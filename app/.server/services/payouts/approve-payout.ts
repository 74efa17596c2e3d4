import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { payoutApprovedMail } from "../../integrations/mail/payout-notice-templates";
import { accounts, ensureAccounts } from "../ledger/accounts";
import type { SignedInOperator } from "../operators/operator-actor";
import { type PayoutStepResult, payoutAccounts, runPayoutStep } from "./payout-step";

export type { PayoutStepResult };

/**
 * The operator approves a pending payout request (ADR 0033, ADR 0036): the yen owed to the
 * store move from "requested" to "approved" in one ledger transaction under the key
 * `payout-approve:<request>` — approving twice (a double click, two operators at once) books
 * once and answers the same — with the step's row, the audit row and the store's mail.
 */
export function approvePayout({
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
      key: "payout-approve",
      kind: "payout_approve",
      from: ["pending"],
      to: "approved",
      refusal: "not_pending",
      mail: payoutApprovedMail,
      async book(tx, request) {
        const requested = accounts.storePayable(request.liver_id);
        const approved = payoutAccounts.approved(request.liver_id);
        await ensureAccounts(tx, [requested, approved]);
        return [
          { account_id: requested.account_id, unit: "yen", tracked: true, amount: -request.net_yen },
          { account_id: approved.account_id, unit: "yen", tracked: true, amount: request.net_yen },
        ];
      },
    },
  );
}
