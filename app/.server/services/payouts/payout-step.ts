import { eq } from "drizzle-orm";
import { formatAdminDateTime } from "~/domain/admin";
import type { Db, Tx } from "../../db/client";
import { livers, payoutRequests, payoutSteps } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import type { RenderedMail } from "../../integrations/mail/render";
import type { AccountSpec } from "../ledger/accounts";
import { requestHash, runOnce } from "../ledger/run-once";
import { type Posting, writeLedgerTransaction } from "../ledger/write-ledger-transaction";
import { recordNotification } from "../notifications/record-notification";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange, storeNoticeLinks } from "../operators/record-operator-change";

/**
 * What the operator's payout steps share (ADR 0033): the accounts they book on, the refusal that
 * rolls a step back (and leaves its idempotency key unused), and the step's trail — its row, the
 * audit row and the store's mail — in the step's own transaction.
 *
 * Bookings (ADR 0036): a request leaves `liver:<uid>:payout` holding the net yen owed. Approving
 * moves it to `liver:<uid>:payout_approved`; paying takes it from there to `platform:payouts_paid`;
 * rejecting writes the request's own entries negated (the points back to the store).
 */
export const payoutAccounts = {
  approved: (liverId: string): AccountSpec => ({
    account_id: `liver:${liverId}:payout_approved`,
    owner_type: "liver",
    owner_id: liverId,
    purpose: "payout_approved",
    unit: "yen",
    tracked: true,
  }),
  paid: (): AccountSpec => ({
    account_id: "platform:payouts_paid",
    owner_type: "platform",
    owner_id: null,
    purpose: "payouts_paid",
    unit: "yen",
    tracked: false,
  }),
};

export type PayoutStepError = "not_found" | "not_pending" | "not_payable";

export type PayoutStepResult =
  | { ok: true; replayed: boolean; requestId: string }
  | { ok: false; error: PayoutStepError | "idempotency_conflict" };

/** Thrown inside `runOnce`: the step books nothing and its key stays unused. */
export class PayoutStepRefused extends Error {
  constructor(readonly error: PayoutStepError) {
    super(error);
  }
}

export async function lockRequest(tx: Tx | Db, requestId: string) {
  const [row] = await tx
    .select()
    .from(payoutRequests)
    .where(eq(payoutRequests.request_id, requestId))
    .for("update");
  if (!row) throw new PayoutStepRefused("not_found");
  return row;
}

/**
 * Moves a request from one of `from` to `to` with its row locked (a concurrent step waits, then
 * sees the new status and is refused), or refuses. Answers the row as it was.
 */
export async function moveRequest(
  tx: Tx | Db,
  requestId: string,
  from: readonly PayoutStatus[],
  to: PayoutStatus,
  refusal: PayoutStepError,
) {
  const row = await lockRequest(tx, requestId);
  if (!from.includes(row.status)) throw new PayoutStepRefused(refusal);
  await tx.update(payoutRequests).set({ status: to }).where(eq(payoutRequests.request_id, requestId));
  return row;
}

type PayoutStatus = (typeof payoutRequests.$inferSelect)["status"];

type RequestRow = typeof payoutRequests.$inferSelect;

/** The step's row, audit row and the mail to the store. */
export async function recordPayoutStep(
  tx: Tx | Db,
  {
    actor,
    request,
    step,
    txId,
    reason = "",
    batchId = null,
    env,
    mailer,
    mail,
    now,
  }: {
    actor: SignedInOperator;
    request: RequestRow;
    step: "approved" | "rejected" | "exported" | "paid";
    txId: string | null;
    reason?: string;
    batchId?: string | null;
    env: Pick<Env, "baseUrl">;
    mailer: Mailer | null;
    mail: ((notice: PayoutNoticeFields) => RenderedMail) | null;
    now: Date;
  },
): Promise<void> {
  await tx.insert(payoutSteps).values({
    request_id: request.request_id,
    step,
    reason,
    batch_id: batchId,
    tx_id: txId,
    operator_uid: actor.uid,
    created_at: now,
  });
  // The store's notifications tell it too (ADR 0044); exporting a batch is the operator's business.
  if (step !== "exported")
    await recordNotification(tx as Tx, {
      kind: "payout_step",
      liverId: request.liver_id,
      requestId: request.request_id,
      step,
      netYen: request.net_yen,
      at: now,
    });
  const [store] = await tx
    .select({ uid: livers.uid, email: livers.email, name: livers.store_name })
    .from(livers)
    .where(eq(livers.uid, request.liver_id));
  await recordOperatorChange(tx as Tx, {
    actor,
    store: { uid: request.liver_id, email: store?.email ?? "" },
    now,
    audit: {
      action: `payout.${step === "approved" ? "approve" : step === "rejected" ? "reject" : step === "paid" ? "mark_paid" : "export"}`,
      targetType: "payout_request",
      targetId: request.request_id,
      details: {
        liver_id: request.liver_id,
        gross_yen: request.gross_yen,
        net_yen: request.net_yen,
        tx_id: txId,
        ...(reason ? { reason } : {}),
        ...(batchId ? { batch_id: batchId } : {}),
      },
    },
    mail:
      mail && mailer
        ? {
            mailer,
            kind: `payout-${step}`,
            content: mail({
              storeName: store?.name ?? "",
              gross: request.gross_yen,
              net: request.net_yen,
              requestedAt: formatAdminDateTime(request.created_at),
              ...storeNoticeLinks(env, "/liver/mypage/item/convert"),
            }),
          }
        : undefined,
  });
}

export interface PayoutNoticeFields {
  storeName: string;
  gross: number;
  net: number;
  requestedAt: string;
  url: string;
  contactUrl: string;
}

/**
 * One operator step on one request (approve, reject, mark paid): once per request and step under
 * the key `<key>:<request>` (a second click or a second operator books nothing and gets the same
 * answer); in that one transaction the operator is checked, the request moves from one of `from`
 * to `to` with its row locked (or the step is refused and books nothing), `book` gives the
 * ledger postings, and the step's row, audit row and the store's mail are written.
 */
export async function runPayoutStep(
  {
    db,
    env,
    mailer,
    actor,
    now,
  }: { db: Db; env: Pick<Env, "baseUrl">; mailer: Mailer; actor: SignedInOperator; now: Date },
  step: {
    requestId: string;
    key: string;
    kind: string;
    from: readonly PayoutStatus[];
    to: "approved" | "rejected" | "paid";
    refusal: PayoutStepError;
    reason?: string;
    mail: (notice: PayoutNoticeFields) => RenderedMail;
    book: (tx: Tx, request: RequestRow) => Promise<readonly Posting[]>;
  },
): Promise<PayoutStepResult> {
  const key = {
    idempotencyKey: `${step.key}:${step.requestId}`,
    requestHash: requestHash({ requestId: step.requestId }),
  };
  try {
    const once = await runOnce(db, key, async (tx) => {
      await assertOperator(tx, actor);
      const request = await moveRequest(tx, step.requestId, step.from, step.to, step.refusal);
      const txId = await writeLedgerTransaction(tx, {
        kind: step.kind,
        ...key,
        actorId: actor.uid,
        result: { request_id: request.request_id },
        postings: await step.book(tx as Tx, request),
      });
      await recordPayoutStep(tx, {
        actor,
        request,
        step: step.to,
        txId,
        reason: step.reason,
        env,
        mailer,
        mail: step.mail,
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
