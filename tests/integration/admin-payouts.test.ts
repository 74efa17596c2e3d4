/**
 * The operator's payouts (ADR 0032, 0033, 0036) on both databases: approve once
 * however often and however concurrently it is asked, reject with the points back through the
 * ledger, export the approved requests as one 全銀 file (the same bytes again for the same batch),
 * mark paid; every step in the audit log and mailed to the store; the ledger reconciles after it.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import {
  ledgerAccounts,
  ledgerTransactions,
  livers,
  mailOutbox,
  notificationEvents,
  operatorAuditLog,
  payoutBatches,
  payoutRequests,
  payoutSteps,
} from "~/.server/db/schema";
import { getAdminCounts, getAdminDashboard } from "~/.server/services/dashboard/get-admin-dashboard";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { convertItems } from "~/.server/services/ledger/convert-items";
import { reconcileIsClean, reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { approvePayout } from "~/.server/services/payouts/approve-payout";
import { exportPayouts } from "~/.server/services/payouts/export-payouts";
import { getPayoutBatchFile } from "~/.server/services/payouts/get-payout-batch-file";
import { listPayoutsForOperator } from "~/.server/services/payouts/list-payouts-for-operator";
import { markPayoutPaid } from "~/.server/services/payouts/mark-payout-paid";
import { rejectPayout } from "~/.server/services/payouts/reject-payout";
import { requestPayout } from "~/.server/services/payouts/request-payout";
import { zenginConsignorFromEnv } from "~/domain/admin-payouts";
import * as batchFileRoute from "~/routes/admin/payout-batch-file";
import * as payoutsRoute from "~/routes/admin/payouts";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver } from "../support/factories";
import { giveCoins } from "../support/money";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, routeContext } from "../support/routes";

const BANK = {
  account_holder: "ヤマダ　タロウ",
  bank_code: "0001",
  branch_code: "002",
  account_type: "saving" as const,
  account_number: "1234567",
};

const CONSIGNOR_ENV = {
  ZENGIN_CONSIGNOR_CODE: "1234567890",
  ZENGIN_CONSIGNOR_NAME: "カ）ヨルナビ",
  ZENGIN_BANK_CODE: "0005",
  ZENGIN_BRANCH_CODE: "001",
  ZENGIN_ACCOUNT_NUMBER: "7654321",
};

describe.each(drivers)("operator payouts on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let actor: SignedInOperator;
  let cookie: string;
  let store: Viewer;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "admin_payouts" });
    context = routeContext(database.db).context;
    const op = await makeOperator(db(), { authSecret: context.env.authSecret });
    actor = { uid: op.uid, email: op.email, ip: "192.0.2.7" };
    cookie = await operatorCookie(context, op);
    store = await makeLiver(db(), {
      store_name: "クラブ 星",
      status: "public",
      is_individual: true,
      account: BANK,
    });
    // 20 champagnes given to the store and converted: 50,000 points.
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 100_000);
    expect(
      (
        await buyItem({
          db: db(),
          actor: listener,
          input: { item_id: "champagne", quantity: 20, idempotency_key: randomUUID() },
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await sendGift({
          db: db(),
          settings: DEFAULT_LIVE_SETTINGS,
          actor: listener,
          input: { item_id: "champagne", quantity: 20, liver_id: store.uid, idempotency_key: randomUUID() },
        })
      ).ok,
    ).toBe(true);
    expect((await convertItems({ db: db(), actor: store, input: { idempotencyKey: randomUUID() } })).ok).toBe(
      true,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  const request = async (points: number) => {
    const made = await requestPayout({
      db: db(),
      actor: store,
      input: { points, idempotencyKey: randomUUID() },
    });
    if (!made.ok) throw new Error(`payout not requested: ${JSON.stringify(made)}`);
    return made.request;
  };
  const balance = async (accountId: string) =>
    (
      await db()
        .select({ b: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.account_id, accountId))
    )[0]?.b ?? 0;
  const statusOf = async (requestId: string) =>
    (
      await db()
        .select({ s: payoutRequests.status })
        .from(payoutRequests)
        .where(eq(payoutRequests.request_id, requestId))
    )[0]?.s;
  const audit = (action: string, targetId: string) =>
    db()
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target_id, targetId)));
  const storePoints = async () =>
    (await db().select({ p: livers.point }).from(livers).where(eq(livers.uid, store.uid)))[0]?.p;

  it("approves once: ten concurrent approvals book one transaction, one step, one audit row, one mail", async () => {
    const asked = await request(10_000);
    expect(asked).toMatchObject({ gross: 10_000, fee: 330, withholding: 1021, net: 8649 });
    const before = await balance(`liver:${store.uid}:payout`);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        approvePayout({ ...context, actor, input: { requestId: asked.request_id } }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.ok && r.requestId === asked.request_id)).toBe(true);
    expect(await statusOf(asked.request_id)).toBe("approved");
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotency_key, `payout-approve:${asked.request_id}`)),
    ).toHaveLength(1);
    expect(await balance(`liver:${store.uid}:payout`)).toBe(before - 8649);
    expect(await balance(`liver:${store.uid}:payout_approved`)).toBe(8649);
    expect(await audit("payout.approve", asked.request_id)).toHaveLength(1);
    expect(
      await db().select().from(payoutSteps).where(eq(payoutSteps.request_id, asked.request_id)),
    ).toHaveLength(1);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "payout-approved"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("¥8,649");
    // The store's notifications hear of it once (ADR 0044).
    const notices = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "payout_step"));
    expect(notices.filter((n) => n.payload.requestId === asked.request_id)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ step: "approved", netYen: 8649 }) }),
    ]);
    // Approved is no longer pending: rejecting it now is refused and books nothing.
    expect(
      await rejectPayout({ ...context, actor, input: { requestId: asked.request_id, reason: "x" } }),
    ).toEqual({
      ok: false,
      error: "not_pending",
    });
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });

  it("approve and reject at once: exactly one of them wins", async () => {
    const asked = await request(6_000);
    const [approved, rejected] = await Promise.all([
      approvePayout({ ...context, actor, input: { requestId: asked.request_id } }),
      rejectPayout({ ...context, actor, input: { requestId: asked.request_id, reason: "同時" } }),
    ]);
    expect([approved.ok, rejected.ok].filter(Boolean)).toHaveLength(1);
    expect(["approved", "rejected"]).toContain(await statusOf(asked.request_id));
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
    // Leave nothing approved for the tests below (the first request and, when it won, this one).
    expect(
      await exportPayouts({
        db: db(),
        actor,
        input: { batchId: randomUUID(), transferDate: "2099-01-01", ...consignor() },
      }),
    ).toMatchObject({ ok: true, count: approved.ok ? 2 : 1 });
  });

  const consignor = () => {
    const { consignor, missing } = zenginConsignorFromEnv(CONSIGNOR_ENV);
    return { consignor, consignorMissing: missing };
  };

  it("rejects with the reason mailed, and the points come back through a ledger transaction", async () => {
    const points = await storePoints();
    const asked = await request(5_000);
    expect(await storePoints()).toBe((points ?? 0) - 5_000);
    const rejected = await rejectPayout({
      ...context,
      actor,
      input: { requestId: asked.request_id, reason: "口座名義が店舗名と一致しません" },
    });
    expect(rejected).toMatchObject({ ok: true, replayed: false });
    expect(await storePoints()).toBe(points);
    expect(await balance(`liver:${store.uid}:points`)).toBe(points);
    expect(await statusOf(asked.request_id)).toBe("rejected");
    const [row] = await audit("payout.reject", asked.request_id);
    expect(row?.details).toMatchObject({ reason: "口座名義が店舗名と一致しません" });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "payout-rejected"));
    expect(mails.some((m) => m.text.includes("口座名義が店舗名と一致しません"))).toBe(true);
    // Again: the same answer, nothing more.
    expect(
      await rejectPayout({ ...context, actor, input: { requestId: asked.request_id, reason: "再" } }),
    ).toMatchObject({
      ok: true,
      replayed: true,
    });
    expect(await storePoints()).toBe(points);
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });

  it("exports the approved requests as one 全銀 file, the same bytes again, and marks them paid once", async () => {
    const second = await request(20_000);
    await approvePayout({ ...context, actor, input: { requestId: second.request_id } });
    const batchId = randomUUID();
    const missing = await exportPayouts({
      db: db(),
      actor,
      input: {
        batchId,
        transferDate: "2099-01-05",
        ...zenginConsignorFromEnv({}),
        consignorMissing: ["ZENGIN_CONSIGNOR_CODE"],
      },
    });
    expect(missing).toMatchObject({ ok: false, error: "consignor_missing" });
    const exported = await exportPayouts({
      db: db(),
      actor,
      input: { batchId, transferDate: "2099-01-05", ...consignor() },
    });
    expect(exported).toMatchObject({ ok: true, replayed: false, count: 1, totalYen: second.net });
    const again = await exportPayouts({
      db: db(),
      actor,
      input: { batchId, transferDate: "2099-01-05", ...consignor() },
    });
    expect(again).toMatchObject({ ok: true, replayed: true, count: 1 });
    expect(await db().select().from(payoutBatches).where(eq(payoutBatches.batch_id, batchId))).toHaveLength(
      1,
    );
    expect(await statusOf(second.request_id)).toBe("exported");
    const file = await getPayoutBatchFile({ db: db(), actor, input: { batchId } });
    const text = Buffer.from(file?.bytes ?? []).toString("latin1");
    const records = text.split("\r\n");
    expect(records.slice(0, 4).map((r) => r.length)).toEqual([120, 120, 120, 120]);
    expect(records.map((r) => r.slice(0, 1))).toEqual(["1", "2", "8", "9", ""]);
    expect(records[1]?.slice(1, 5)).toBe("0001");
    expect(records[1]?.slice(80, 90)).toBe(String(second.net).padStart(10, "0"));
    expect(records[2]?.slice(1, 7)).toBe("000001");
    // Nothing approved any more: a new batch is refused.
    expect(
      await exportPayouts({
        db: db(),
        actor,
        input: { batchId: randomUUID(), transferDate: "2099-01-06", ...consignor() },
      }),
    ).toMatchObject({ ok: false, error: "nothing_to_export" });

    // A pending request cannot be marked paid; the exported one is, once.
    const pending = await request(5_000);
    expect(await markPayoutPaid({ ...context, actor, input: { requestId: pending.request_id } })).toEqual({
      ok: false,
      error: "not_payable",
    });
    const paid = await Promise.all(
      [1, 2, 3].map(() => markPayoutPaid({ ...context, actor, input: { requestId: second.request_id } })),
    );
    expect(paid.filter((p) => p.ok && !p.replayed)).toHaveLength(1);
    expect(await statusOf(second.request_id)).toBe("paid");
    expect(await audit("payout.mark_paid", second.request_id)).toHaveLength(1);
    expect(await audit("payout.export", second.request_id)).toHaveLength(1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "payout-paid"))).toHaveLength(1);
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);

    const list = await listPayoutsForOperator({ db: db(), actor, input: { status: "all" } });
    expect(list.rows.find((r) => r.request_id === second.request_id)).toMatchObject({
      status: "paid",
      batch_id: batchId,
      bank_account: { bank_code: "0001" },
    });
    // The store changes its account: the list says so (the transfer still goes to the requested one).
    expect(list.rows.every((r) => r.changed_account === null)).toBe(true);
    await db()
      .update(livers)
      .set({ account: { ...BANK, account_number: "7777777" } })
      .where(eq(livers.uid, store.uid));
    const changed = await listPayoutsForOperator({ db: db(), actor, input: { status: "all" } });
    expect(changed.rows[0]?.changed_account).toMatchObject({ account_number: "7777777" });
    expect(changed.rows[0]?.bank_account).toMatchObject({ account_number: "1234567" });
    await db().update(livers).set({ account: BANK }).where(eq(livers.uid, store.uid));
    const counts = await getAdminCounts({ db: db(), actor });
    expect(counts.payoutsDue).toBe(
      list.rows.filter((r) => ["pending", "approved", "exported"].includes(r.status)).length,
    );
  });

  it("the dashboard: today's coin sales, gifts and payout requests (Tokyo day) from the providers", async () => {
    const dashboard = await getAdminDashboard({ db: db(), actor });
    const today = (key: string) => dashboard.figures.find((f) => f.key === key)?.series.at(-1)?.value;
    // The one paid order of 100,000 coins at ¥1 each, the one gift, every request made above.
    expect(today("coinSales")).toBe(100_000);
    expect(today("gifts")).toBe(1);
    const requested = await db().select({ g: payoutRequests.gross_yen }).from(payoutRequests);
    expect(today("payoutRequests")).toBe(requested.reduce((sum, r) => sum + r.g, 0));
    expect(dashboard.actions.find((a) => a.key === "payoutsDue")?.to).toBe("/admin/payouts");
  });

  it("the page: a reject without a reason is a 400 with the message, the file downloads as Shift_JIS", async () => {
    const asked = await request(5_000);
    const bad = await call(payoutsRoute.action, {
      context,
      url: "/admin/payouts",
      method: "POST",
      cookie,
      body: form({ intent: "reject", request_id: asked.request_id, reason: "  " }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("却下の理由を入力してください");
    expect(await statusOf(asked.request_id)).toBe("pending");
    const ok = await call(payoutsRoute.action, {
      context,
      url: "/admin/payouts",
      method: "POST",
      cookie,
      body: form({ intent: "approve", request_id: asked.request_id, status: "pending" }),
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/payouts?status=pending&done=approved");
    const [batch] = await db().select().from(payoutBatches).limit(1);
    const url = `http://localhost:3999/admin/payout-batches/${batch?.batch_id}`;
    const download = (await batchFileRoute.loader({
      request: new Request(url, { headers: { cookie } }),
      context,
      params: { id: batch?.batch_id ?? "" },
    } as never)) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("Shift_JIS");
    expect(download.headers.get("content-disposition")).toMatch(/attachment; filename="zengin-\d{8}-/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(Buffer.from(bytes).toString("base64")).toBe(batch?.file_base64);
    const page = await call(payoutsRoute.loader, { context, url: "/admin/payouts?status=approved", cookie });
    expect(page.status).toBe(200);
  });
});
