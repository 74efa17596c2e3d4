import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type PayoutBreakdown, payoutBreakdown, payoutRefusal } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type BankAccount, ledgerAccounts, livers, payoutRequests } from "../../db/schema/index";
import { accounts, ensureAccounts } from "../ledger/accounts";
import { findReplay, type Once, requestHash, runOnce } from "../ledger/run-once";
import { InsufficientBalanceError, writeLedgerTransaction } from "../ledger/write-ledger-transaction";
import { type WithBankNames, withBankNames } from "../shared/bank-account-names";
import { remoteConfigValue } from "../shared/remote-config";

export interface PayoutQuote extends PayoutBreakdown {
  available: number;
  minimum: number;
  isIndividual: boolean;
  hasBankAccount: boolean;
  /** The account the payout would go to, with its bank and branch names (ADR 0054). */
  account: WithBankNames<BankAccount> | null;
}

/** What a payout of `points` would come to, and what the store may ask for (shown before confirming). */
export async function quotePayout({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { points: number | null };
}): Promise<PayoutQuote | null> {
  if (roleRefusal(actor, "payout.request")) return null;
  const [store] = await db
    .select({ isIndividual: livers.is_individual, account: livers.account })
    .from(livers)
    .where(eq(livers.uid, actor.uid));
  if (!store) return null;
  const [points] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.account_id, accounts.storePoints(actor.uid).account_id));
  const available = points?.balance ?? 0;
  const minimum = await remoteConfigValue(db, "payout_min_yen");
  return {
    ...payoutBreakdown(input.points ?? available, store.isIndividual),
    available,
    minimum,
    isIndividual: store.isIndividual,
    hasBankAccount: Boolean(store.account),
    account: store.account ? await withBankNames(store.account) : null,
  };
}

export type RequestPayoutResult =
  | { ok: true; replayed: boolean; request: { request_id: string } & PayoutBreakdown }
  | { ok: false; error: "forbidden" }
  | {
      ok: false;
      error: "invalid" | "idempotency_conflict";
      message: string;
      field: "points" | "idempotency_key";
    };

/**
 * A payout request (ADR 0032): points leave the store for the platform; in yen the platform's
 * payout expense becomes what it owes the store (net), the transfer fee and the 源泉徴収 it pays to
 * the tax office for an individual store. The request waits (`pending`) for the operator (ADR 0028).
 */
export async function requestPayout({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { points: unknown; idempotencyKey: string };
}): Promise<RequestPayoutResult> {
  const refused = roleRefusal(actor, "payout.request");
  if (refused) return { ok: false, error: refused };
  if (!/^[\w-]{8,100}$/.test(input.idempotencyKey))
    return { ok: false, error: "invalid", message: MONEY_TEXTS.keyRequired, field: "idempotency_key" };
  const points =
    typeof input.points === "string" ? Number(input.points.trim() || Number.NaN) : Number(input.points);
  const key = {
    idempotencyKey: `payout:${actor.uid}:${input.idempotencyKey}`,
    requestHash: requestHash({ points }),
  };
  const replay = await findReplay<{ request_id: string } & PayoutBreakdown>(db, key);
  if (replay) return replayAnswer(replay);
  const quote = await quotePayout({ db, actor, input: { points: Number.isFinite(points) ? points : 0 } });
  if (!quote) return { ok: false, error: "forbidden" };
  if (!quote.hasBankAccount)
    return { ok: false, error: "invalid", message: MONEY_TEXTS.bankAccountMissing, field: "points" };
  const refusal =
    payoutRefusal(points, quote.available, quote.minimum) ??
    (payoutBreakdown(points, quote.isIndividual).net <= 0 ? "below_minimum" : null);
  if (refusal)
    return {
      ok: false,
      error: "invalid",
      field: "points",
      message:
        refusal === "below_minimum"
          ? MONEY_TEXTS.payoutBelowMinimum(quote.minimum)
          : refusal === "insufficient_points"
            ? MONEY_TEXTS.payoutInsufficient
            : MONEY_TEXTS.payoutInvalid,
    };
  try {
    const once = await runOnce(db, key, async (tx) => {
      const [store] = await tx
        .select({ isIndividual: livers.is_individual, account: livers.account })
        .from(livers)
        .where(eq(livers.uid, actor.uid));
      const breakdown = payoutBreakdown(points, store?.isIndividual ?? false);
      const storePoints = accounts.storePoints(actor.uid);
      const payable = accounts.storePayable(actor.uid);
      const redeemed = accounts.platform("points_redeemed", "points");
      const expense = accounts.platform("payout_expense", "yen");
      const fees = accounts.platform("payout_fees", "yen");
      const withholding = accounts.platform("withholding_payable", "yen");
      await ensureAccounts(tx, [storePoints, payable, redeemed, expense, fees, withholding]);
      const requestId = randomUUID();
      const answer = { request_id: requestId, ...breakdown };
      const txId = await writeLedgerTransaction(tx, {
        kind: "payout_request",
        ...key,
        actorId: actor.uid,
        result: answer,
        postings: [
          { account_id: storePoints.account_id, unit: "points", tracked: true, amount: -points },
          { account_id: redeemed.account_id, unit: "points", tracked: false, amount: points },
          { account_id: expense.account_id, unit: "yen", tracked: false, amount: -points },
          { account_id: payable.account_id, unit: "yen", tracked: true, amount: breakdown.net },
          { account_id: fees.account_id, unit: "yen", tracked: false, amount: breakdown.fee },
          ...(breakdown.withholding > 0
            ? [
                {
                  account_id: withholding.account_id,
                  unit: "yen" as const,
                  tracked: false,
                  amount: breakdown.withholding,
                },
              ]
            : []),
        ],
      });
      await tx.insert(payoutRequests).values({
        request_id: requestId,
        tx_id: txId,
        liver_id: actor.uid,
        gross_yen: breakdown.gross,
        fee_yen: breakdown.fee,
        withholding_yen: breakdown.withholding,
        net_yen: breakdown.net,
        // As it is now, named: the operator pays to this account (ADR 0036, ADR 0054).
        bank_account: store?.account ? await withBankNames(store.account) : {},
      });
      await tx
        .update(livers)
        .set({ point: sql`${livers.point} - ${points}` })
        .where(eq(livers.uid, actor.uid));
      return answer;
    });
    return replayAnswer(once);
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      return { ok: false, error: "invalid", message: MONEY_TEXTS.payoutInsufficient, field: "points" };
    throw error;
  }
}

function replayAnswer(once: Once<{ request_id: string } & PayoutBreakdown>): RequestPayoutResult {
  if (!once.ok)
    return {
      ok: false,
      error: "idempotency_conflict",
      message: MONEY_TEXTS.keyReused,
      field: "idempotency_key",
    };
  return { ok: true, replayed: once.replayed, request: once.result };
}
