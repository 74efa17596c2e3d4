import { and, count, desc, eq } from "drizzle-orm";
import type { PayoutStatusFilter } from "~/domain/admin-payouts";
import type { Db } from "../../db/client";
import { livers, payoutBatches, payoutRequests, payoutSteps } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { withBankNames } from "../shared/bank-account-names";

export const PAYOUT_LIST_LIMIT = 200;

export interface OperatorPayoutRow {
  request_id: string;
  liver_id: string;
  store_name: string;
  is_individual: boolean;
  status: string;
  gross_yen: number;
  fee_yen: number;
  withholding_yen: number;
  net_yen: number;
  /** With the bank and branch names (ADR 0054): saved with it, else the Zengin data's for its codes. */
  bank_account: {
    account_holder?: string;
    bank_code?: string;
    bank_name: string;
    branch_code?: string;
    branch_name: string;
    account_type?: string;
    account_number?: string;
  };
  /** The store's account now (`livers.account`), when it differs from the one requested with. */
  changed_account: OperatorPayoutRow["bank_account"] | null;
  created_at: Date;
  reason: string;
  batch_id: string | null;
}

/**
 * The payout requests of one status (newest first, at most PAYOUT_LIST_LIMIT), with the store, the
 * bank account as it was when requested (the account the transfer goes to), the breakdown, the
 * rejection reason and the batch; the count of each status; the latest exported files.
 */
export async function listPayoutsForOperator({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { status: PayoutStatusFilter };
}) {
  await assertOperator(db, actor);
  const rejected = db
    .select({ request_id: payoutSteps.request_id, reason: payoutSteps.reason })
    .from(payoutSteps)
    .where(eq(payoutSteps.step, "rejected"))
    .as("rejected");
  const exported = db
    .select({ request_id: payoutSteps.request_id, batch_id: payoutSteps.batch_id })
    .from(payoutSteps)
    .where(eq(payoutSteps.step, "exported"))
    .as("exported");
  const rows = await db
    .select({
      request_id: payoutRequests.request_id,
      liver_id: payoutRequests.liver_id,
      store_name: livers.store_name,
      is_individual: livers.is_individual,
      status: payoutRequests.status,
      gross_yen: payoutRequests.gross_yen,
      fee_yen: payoutRequests.fee_yen,
      withholding_yen: payoutRequests.withholding_yen,
      net_yen: payoutRequests.net_yen,
      bank_account: payoutRequests.bank_account,
      current_account: livers.account,
      created_at: payoutRequests.created_at,
      reason: rejected.reason,
      batch_id: exported.batch_id,
    })
    .from(payoutRequests)
    .innerJoin(livers, eq(livers.uid, payoutRequests.liver_id))
    .leftJoin(rejected, eq(rejected.request_id, payoutRequests.request_id))
    .leftJoin(exported, eq(exported.request_id, payoutRequests.request_id))
    .where(input.status === "all" ? undefined : and(eq(payoutRequests.status, input.status)))
    .orderBy(desc(payoutRequests.created_at), desc(payoutRequests.request_id))
    .limit(PAYOUT_LIST_LIMIT);
  const counts = await db
    .select({ status: payoutRequests.status, n: count() })
    .from(payoutRequests)
    .groupBy(payoutRequests.status);
  const batches = await db
    .select({
      batch_id: payoutBatches.batch_id,
      transfer_date: payoutBatches.transfer_date,
      count: payoutBatches.count,
      total_yen: payoutBatches.total_yen,
      created_at: payoutBatches.created_at,
    })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.created_at))
    .limit(20);
  const named = (account: unknown) =>
    withBankNames((account ?? {}) as Partial<OperatorPayoutRow["bank_account"]>);
  return {
    rows: (await Promise.all(
      rows.map(async ({ current_account, ...r }) => ({
        ...r,
        changed_account:
          current_account && !sameAccount(current_account, r.bank_account)
            ? await named(current_account)
            : null,
        reason: r.reason ?? "",
        batch_id: r.batch_id ?? null,
        bank_account: await named(r.bank_account),
      })),
    )) satisfies OperatorPayoutRow[],
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Record<string, number>,
    batches,
  };
}

function sameAccount(a: unknown, b: unknown): boolean {
  const keys = ["account_holder", "bank_code", "branch_code", "account_type", "account_number"] as const;
  const x = (a ?? {}) as Record<string, unknown>;
  const y = (b ?? {}) as Record<string, unknown>;
  return keys.every((key) => x[key] === y[key]);
}
