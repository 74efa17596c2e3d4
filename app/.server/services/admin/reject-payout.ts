import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ledgerAccounts, ledgerEntries, livers } from "../../db/schema";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { payoutRejectedMail } from "../../integrations/mail/payout-notice-templates";
import { requestHash, runOnce } from "../ledger/run-once";
import { writeLedgerTransaction } from "../ledger/write-ledger-transaction";
import type { PayoutStepResult } from "./approve-payout";
import { assertOperator, type SignedInOperator } from "./operator-actor";
import { moveRequest, PayoutStepRefused, recordPayoutStep } from "./payout-step";

/**
 * The operator rejects a pending payout request with a reason (contract §15, ADR 0036): the
 * request's own ledger entries are written again negated — the points go back to the store, the
 * yen owed, the fee and the withholding are undone — and `livers.point` follows, in one
 * transaction under `payout-reject:<request>`; the store is mailed the reason.
 */
export async function rejectPayout({
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
  input: { requestId: string; reason: string };
  now?: Date;
}): Promise<PayoutStepResult> {
  const key = {
    idempotencyKey: `payout-reject:${input.requestId}`,
    requestHash: requestHash({ requestId: input.requestId }),
  };
  try {
    const once = await runOnce(db, key, async (tx) => {
      await assertOperator(tx, actor);
      const request = await moveRequest(tx, input.requestId, ["pending"], "rejected", "not_pending");
      const original = await tx
        .select({
          account_id: ledgerEntries.account_id,
          unit: ledgerEntries.unit,
          item_id: ledgerEntries.item_id,
          amount: ledgerEntries.amount,
          tracked: ledgerAccounts.tracked,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.account_id, ledgerEntries.account_id))
        .where(eq(ledgerEntries.tx_id, request.tx_id));
      const txId = await writeLedgerTransaction(tx, {
        kind: "payout_reject",
        ...key,
        actorId: actor.uid,
        result: { request_id: request.request_id },
        postings: original.map((entry) => ({ ...entry, amount: -entry.amount })),
      });
      await tx
        .update(livers)
        .set({ point: sql`${livers.point} + ${request.gross_yen}` })
        .where(eq(livers.uid, request.liver_id));
      await recordPayoutStep(tx, {
        actor,
        request,
        step: "rejected",
        txId,
        reason: input.reason,
        env,
        mailer,
        mail: (notice) => payoutRejectedMail({ ...notice, reason: input.reason }),
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
