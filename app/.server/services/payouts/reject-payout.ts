import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ledgerAccounts, ledgerEntries, livers } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { payoutRejectedMail } from "../../integrations/mail/payout-notice-templates";
import type { SignedInOperator } from "../operators/operator-actor";
import { type PayoutStepResult, runPayoutStep } from "./payout-step";

/**
 * The operator rejects a pending payout request with a reason (ADR 0033, ADR 0036): the
 * request's own ledger entries are written again negated — the points go back to the store, the
 * yen owed, the fee and the withholding are undone — and `livers.point` follows, in one
 * transaction under `payout-reject:<request>`; the store is mailed the reason.
 */
export function rejectPayout({
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
  return runPayoutStep(
    { db, env, mailer, actor, now },
    {
      requestId: input.requestId,
      key: "payout-reject",
      kind: "payout_reject",
      from: ["pending"],
      to: "rejected",
      refusal: "not_pending",
      reason: input.reason,
      mail: (notice) => payoutRejectedMail({ ...notice, reason: input.reason }),
      async book(tx, request) {
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
        // `livers.point` mirrors the store's points account in the same transaction (ADR 0032).
        await tx
          .update(livers)
          .set({ point: sql`${livers.point} + ${request.gross_yen}` })
          .where(eq(livers.uid, request.liver_id));
        return original.map((entry) => ({ ...entry, amount: -entry.amount }));
      },
    },
  );
}
