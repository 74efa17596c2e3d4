import { asc, eq, inArray, sql } from "drizzle-orm";
import { PAYOUT_MESSAGES } from "~/domain/admin-payouts";
import { type ZenginConsignor, type ZenginTransfer, zenginFile, zenginProblems } from "~/domain/zengin";
import type { Db } from "../../db/client";
import { livers, payoutBatches, payoutRequests } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { recordPayoutStep } from "./payout-step";

export type ExportPayoutsResult =
  | { ok: true; batchId: string; replayed: boolean; count: number; totalYen: number }
  | { ok: false; error: "nothing_to_export" | "consignor_missing" | "bad_account"; message: string };

interface StoredAccount {
  bank_code?: string;
  branch_code?: string;
  account_type?: string;
  account_number?: string;
  account_holder?: string;
}

/**
 * Writes every approved payout request into one 全銀 総合振込 file (ADR 0033, ADR 0036) and marks
 * them exported, in one transaction: the batch keeps the file as written, so downloading it again
 * gives the same bytes. `batchId` is the form's key: the same key again (a double submit) answers
 * the batch already made instead of a second one. No money moves here — the transfer is booked
 * when the operator marks the requests paid.
 */
export async function exportPayouts({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { batchId: string; transferDate: string; consignor: ZenginConsignor; consignorMissing: string[] };
  now?: Date;
}): Promise<ExportPayoutsResult> {
  if (input.consignorMissing.length > 0)
    return { ok: false, error: "consignor_missing", message: PAYOUT_MESSAGES.consignor_missing };
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`payout-export:${input.batchId}`}, 17))`,
    );
    const [done] = await tx.select().from(payoutBatches).where(eq(payoutBatches.batch_id, input.batchId));
    if (done)
      return {
        ok: true,
        batchId: done.batch_id,
        replayed: true,
        count: done.count,
        totalYen: done.total_yen,
      } as const;
    const requests = await tx
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.status, "approved"))
      .orderBy(asc(payoutRequests.created_at), asc(payoutRequests.request_id))
      .for("update");
    if (requests.length === 0)
      return { ok: false, error: "nothing_to_export", message: PAYOUT_MESSAGES.nothing_to_export } as const;
    const transfers: ZenginTransfer[] = requests.map((r, index) => {
      const account = (r.bank_account ?? {}) as StoredAccount;
      return {
        bankCode: account.bank_code ?? "",
        branchCode: account.branch_code ?? "",
        accountType: account.account_type === "checking" ? "checking" : "saving",
        accountNumber: account.account_number ?? "",
        holder: account.account_holder ?? "",
        amount: r.net_yen,
        customerCode: String(index + 1),
      };
    });
    const problems = zenginProblems(input.consignor, transfers);
    if (problems.length > 0) {
      const bad = problems.find((p) => p.field === "transfer");
      if (bad?.field !== "transfer")
        return { ok: false, error: "consignor_missing", message: PAYOUT_MESSAGES.consignor_missing } as const;
      const request = requests[bad.index];
      const [store] = await tx
        .select({ name: livers.store_name })
        .from(livers)
        .where(eq(livers.uid, request?.liver_id ?? ""));
      return {
        ok: false,
        error: "bad_account",
        message: PAYOUT_MESSAGES.bad_account(store?.name ?? ""),
      } as const;
    }
    const [, month, day] = input.transferDate.split("-").map(Number);
    const file = zenginFile(input.consignor, transfers, { month: month ?? 1, day: day ?? 1 });
    const totalYen = transfers.reduce((sum, t) => sum + t.amount, 0);
    await tx.insert(payoutBatches).values({
      batch_id: input.batchId,
      transfer_date: input.transferDate,
      count: requests.length,
      total_yen: totalYen,
      file_base64: Buffer.from(file).toString("base64"),
      operator_uid: actor.uid,
      created_at: now,
    });
    await tx
      .update(payoutRequests)
      .set({ status: "exported" })
      .where(
        inArray(
          payoutRequests.request_id,
          requests.map((r) => r.request_id),
        ),
      );
    for (const request of requests)
      await recordPayoutStep(tx, {
        actor,
        request,
        step: "exported",
        txId: null,
        batchId: input.batchId,
        env: { baseUrl: "" },
        mailer: null,
        mail: null,
        now,
      });
    await writeAudit(tx, actor, {
      action: "payout.export_batch",
      targetType: "payout_batch",
      targetId: input.batchId,
      details: { count: requests.length, total_yen: totalYen, transfer_date: input.transferDate },
    });
    return { ok: true, batchId: input.batchId, replayed: false, count: requests.length, totalYen } as const;
  });
}
