/**
 * The operator's safeguards (ADR 0053) on both databases: the platform's transfer account kept at
 * /admin/settings/transfer (the form's messages, the audit row before → after, the ZENGIN_*
 * variables winning, the 全銀 export writing whichever applies); the confirmation step the
 * schemas require before suspending a store, stopping an account from a report and rejecting a
 * payout; suspended stores on the suspensions page and in the store's own dashboard; the audit log
 * page in words and names.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import {
  livers,
  operatorAuditLog,
  payoutBatches,
  payoutRequests,
  remoteConfigValues,
  roomReports,
} from "~/.server/db/schema";
import { openRoom } from "~/.server/services/chat/open-room";
import { reportRoom } from "~/.server/services/chat/report-room";
import { getRemoteConfig } from "~/.server/services/config/get-remote-config";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { convertItems } from "~/.server/services/ledger/convert-items";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { approvePayout } from "~/.server/services/payouts/approve-payout";
import { requestPayout } from "~/.server/services/payouts/request-payout";
import { saveTransferAccount } from "~/.server/services/payouts/save-transfer-account";
import { placeStoreSuspension } from "~/.server/services/shared/store-suspension";
import { getStoreDashboard } from "~/.server/services/stores/get-store-dashboard";
import { liftStoreSuspension } from "~/.server/services/stores/lift-store-suspension";
import { suspendStore } from "~/.server/services/stores/suspend-store";
import { REPORT_TEXTS } from "~/domain/reports";
import { TRANSFER_ACCOUNT_TEXTS as T, TRANSFER_ACCOUNT_CONFIG_KEY } from "~/domain/transfer-account";
import type { ZenginConsignor } from "~/domain/zengin";
import * as suspensionsRoute from "~/routes/admin/account-suspensions";
import * as auditRoute from "~/routes/admin/audit";
import * as payoutsRoute from "~/routes/admin/payouts";
import * as reportRoute from "~/routes/admin/report";
import * as storeRoute from "~/routes/admin/store";
import * as transferRoute from "~/routes/admin/transfer-settings";
import * as apiConfig from "~/routes/api/config";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { giveCoins } from "../support/money";
import { makeOperator, operatorCookie, type TestOperator } from "../support/operators";
import { call, form, routeContext } from "../support/routes";

const ACCOUNT_FORM = {
  intent: "save",
  bank_code: "０００９",
  bank_name: "ミツイスミトモ",
  branch_code: "100",
  branch_name: "",
  account_type: "checking",
  account_number: "7654321",
  consignor_code: "1234567890",
  consignor_name: "カ）ヨルナビ",
};

const ENV = {
  ZENGIN_CONSIGNOR_CODE: "9999999999",
  ZENGIN_CONSIGNOR_NAME: "ｶﾝｷｮｳﾍﾝｽｳ",
  ZENGIN_BANK_CODE: "0001",
  ZENGIN_BRANCH_CODE: "002",
  ZENGIN_ACCOUNT_NUMBER: "1111111",
};

/** Sets ZENGIN_* for one test and gives the process back the variables it had (docs/testing.md). */
const saved = Object.fromEntries(
  Object.keys(process.env)
    .filter((k) => k.startsWith("ZENGIN_"))
    .map((k) => [k, process.env[k]]),
);
function clearZenginEnv() {
  for (const name of Object.keys(process.env)) if (name.startsWith("ZENGIN_")) delete process.env[name];
}

describe.each(drivers)("operator safeguards on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let op: TestOperator;
  let actor: SignedInOperator;
  let cookie: string;
  const db = () => database.db;

  beforeAll(async () => {
    clearZenginEnv();
    database = await openTestDatabase(driver, { prefix: "safeguards" });
    context = routeContext(database.db).context;
    op = await makeOperator(db(), { authSecret: context.env.authSecret });
    actor = { uid: op.uid, email: op.email, ip: "192.0.2.53" };
    cookie = await operatorCookie(context, op);
  });
  afterEach(() => clearZenginEnv());
  afterAll(async () => {
    clearZenginEnv();
    Object.assign(process.env, saved);
    await database?.close();
  });

  const post = (fn: Parameters<typeof call>[0], url: string, body: Record<string, string>, params = {}) =>
    call(fn, { context, url, cookie, method: "POST", body: form(body), params });
  const auditOf = (action: string) =>
    db().select().from(operatorAuditLog).where(eq(operatorAuditLog.action, action));
  const storedRow = async () =>
    (
      await db()
        .select()
        .from(remoteConfigValues)
        .where(eq(remoteConfigValues.key, TRANSFER_ACCOUNT_CONFIG_KEY))
    )[0];

  describe("the transfer account", () => {
    it("refuses a wrong form field by field, writing nothing", async () => {
      const answer = await post(transferRoute.action, "/admin/settings/transfer", {
        ...ACCOUNT_FORM,
        bank_code: "12",
        branch_code: "1000",
        account_number: "12345",
        consignor_code: "abc",
        consignor_name: "夜ナビ株式会社",
        account_type: "",
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        intent: "save",
        values: { bank_code: "12", consignor_name: "夜ナビ株式会社" },
        errors: {
          bank_code: T.bankCode,
          branch_code: T.branchCode,
          account_number: T.accountNumber,
          consignor_code: T.codeFormat,
          consignor_name: T.nameCharset,
          account_type: T.accountType,
        },
      });
      expect(await storedRow()).toBeUndefined();
      expect(await auditOf("transfer_account.update")).toEqual([]);
    });

    it("saves it half-width, audits before → after, and writes nothing for the same account again", async () => {
      const first = await post(transferRoute.action, "/admin/settings/transfer", ACCOUNT_FORM);
      expect(first).toMatchObject({ status: 302, location: "/admin/settings/transfer?done=saved" });
      const page = await call(transferRoute.loader, { context, url: "/admin/settings/transfer", cookie });
      expect(page.body).toMatchObject({
        source: "stored",
        missing: [],
        updated_by_email: op.email,
        stored: {
          code: "1234567890",
          name: "ｶ)ﾖﾙﾅﾋﾞ",
          bankCode: "0009",
          bankName: "ﾐﾂｲｽﾐﾄﾓ",
          branchCode: "100",
          branchName: "",
          accountType: "checking",
          accountNumber: "7654321",
        },
      });
      const [created] = await auditOf("transfer_account.update");
      expect(created).toMatchObject({
        operator_uid: op.uid,
        operator_email: op.email,
        target_type: "transfer_account",
        details: { from: null, to: { bankCode: "0009", accountNumber: "7654321" } },
      });

      const again = await post(transferRoute.action, "/admin/settings/transfer", ACCOUNT_FORM);
      expect(again.location).toBe("/admin/settings/transfer?done=unchanged");
      expect(await auditOf("transfer_account.update")).toHaveLength(1);

      const changed = await post(transferRoute.action, "/admin/settings/transfer", {
        ...ACCOUNT_FORM,
        account_number: "0000123",
      });
      expect(changed.location).toBe("/admin/settings/transfer?done=saved");
      const rows = await auditOf("transfer_account.update");
      expect(rows).toHaveLength(2);
      const second = rows.find((row) => row.id !== created?.id);
      expect(second?.details).toMatchObject({
        from: { accountNumber: "7654321" },
        to: { accountNumber: "0000123" },
        changed: ["accountNumber"],
      });
    });

    it("stays on the server: not a key of /admin/config, not in GET /api/config", async () => {
      expect(await storedRow()).toBeDefined();
      const keys = (await getRemoteConfig({ db: db(), actor })).map((entry) => entry.key);
      expect(keys).not.toContain(TRANSFER_ACCOUNT_CONFIG_KEY);
      const api = await call(apiConfig.loader, { context, url: "/api/config" });
      expect(JSON.stringify(api.body)).not.toContain("7654321");
      expect(JSON.stringify(api.body)).not.toContain(TRANSFER_ACCOUNT_CONFIG_KEY);
    });

    it("while a ZENGIN_* variable is set the variables win: shown read-only, saving refused", async () => {
      Object.assign(process.env, ENV);
      const page = await call(transferRoute.loader, { context, url: "/admin/settings/transfer", cookie });
      expect(page.body).toMatchObject({
        source: "env",
        missingEnv: [],
        inForce: { code: "9999999999", bankCode: "0001", accountNumber: "1111111" },
        // The saved one is still there, waiting.
        stored: { accountNumber: "0000123" },
      });
      const before = await storedRow();
      // Saved as a JSON object (both drivers).
      expect(before?.value).toMatchObject({ accountNumber: "0000123", accountType: "checking" });
      const refused = await post(transferRoute.action, "/admin/settings/transfer", {
        ...ACCOUNT_FORM,
        account_number: "2222222",
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errors: { _form: T.envSet } });
      expect(await storedRow()).toEqual(before);
      expect(await auditOf("transfer_account.update")).toHaveLength(2);
      // The use case refuses it too, whoever calls it.
      expect(
        await saveTransferAccount({
          db: db(),
          actor,
          input: { account: { ...(before?.value as unknown as ZenginConsignor), accountNumber: "3333333" } },
        }),
      ).toEqual({ ok: false, error: "env_set" });
    });

    it("the 全銀 export writes the saved account, or the variables' when they are set", async () => {
      const store = await storeWithPoints("クラブ 振込元");
      const header = async () => {
        await approved(store);
        const batchId = randomUUID();
        const exported = await post(payoutsRoute.action, "/admin/payouts", {
          intent: "export",
          batch_id: batchId,
          transfer_date: tokyoTomorrow(),
        });
        expect(exported.status, JSON.stringify(exported.body)).toBe(302);
        const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.batch_id, batchId));
        return (
          Buffer.from(batch?.file_base64 ?? "", "base64")
            .toString("latin1")
            .split("\r\n")[0] ?? ""
        );
      };
      // The saved account (no variable set): 委託者コード, bank, branch, 当座, number.
      const stored = await header();
      expect(stored.slice(4, 14)).toBe("1234567890");
      expect(stored.slice(58, 62)).toBe("0009");
      expect(stored.slice(77, 80)).toBe("100");
      expect(stored.slice(95, 103)).toBe("20000123");
      // The payouts page says where it comes from.
      const payouts = await call(payoutsRoute.loader, { context, url: "/admin/payouts", cookie });
      expect(payouts.body).toMatchObject({ transfer: { source: "stored", missing: [] } });

      Object.assign(process.env, ENV);
      const fromEnv = await header();
      expect(fromEnv.slice(4, 14)).toBe("9999999999");
      expect(fromEnv.slice(58, 62)).toBe("0001");
      expect(fromEnv.slice(95, 103)).toBe("11111111");
    });
  });

  describe("the confirmation step", () => {
    it("suspending a store needs it: refused next to the box, nothing written; with it, suspended", async () => {
      const store = await makeLiver(db(), { store_name: "ラウンジ 確認" });
      const url = `/admin/stores/${store.uid}`;
      const refused = await post(
        storeRoute.action,
        url,
        { intent: "suspend", reason: "規約違反" },
        { id: store.uid },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        intent: "suspend",
        errors: { confirm: "店舗を停止するときは、確認のチェックを入れてください" },
      });
      expect(await statusOf(store.uid)).toBe("public");
      const done = await post(
        storeRoute.action,
        url,
        { intent: "suspend", reason: "規約違反", confirm: "yes" },
        { id: store.uid },
      );
      expect(done).toMatchObject({ status: 302, location: `${url}?done=suspended` });
      expect(await statusOf(store.uid)).toBe("suspended");
    });

    it("blocking an account from a report needs it; warning does not", async () => {
      const { reportId } = await aReport();
      const url = `/admin/reports/room/${reportId}`;
      const params = { kind: "room", id: reportId };
      const refused = await post(reportRoute.action, url, { outcome: "blocked", note: "悪質な勧誘" }, params);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: { confirm: REPORT_TEXTS.confirmRequired } });
      expect(await reportStatus(reportId)).toBe("open");
      const blocked = await post(
        reportRoute.action,
        url,
        { outcome: "blocked", note: "悪質な勧誘", confirm: "yes" },
        params,
      );
      expect(blocked).toMatchObject({ status: 302, location: `${url}?done=handled` });

      const other = await aReport();
      const warned = await post(
        reportRoute.action,
        `/admin/reports/room/${other.reportId}`,
        { outcome: "warned", note: "言葉づかいに注意してください" },
        { kind: "room", id: other.reportId },
      );
      expect(warned.status).toBe(302);
    });

    it("rejecting a payout needs it: still pending without it", async () => {
      const store = await storeWithPoints("クラブ 却下確認");
      const requestId = await pending(store);
      const refused = await post(payoutsRoute.action, "/admin/payouts", {
        intent: "reject",
        request_id: requestId,
        reason: "口座名義が違います",
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        intent: "reject",
        requestId,
        errors: { confirm: "却下するときは、確認のチェックを入れてください" },
      });
      expect(await payoutStatus(requestId)).toBe("pending");
      const rejected = await post(payoutsRoute.action, "/admin/payouts", {
        intent: "reject",
        request_id: requestId,
        reason: "口座名義が違います",
        confirm: "yes",
      });
      expect(rejected.status).toBe(302);
      expect(await payoutStatus(requestId)).toBe("rejected");
    });
  });

  describe("suspended stores", () => {
    it("are listed on the suspensions page with their source and a link; lifted, they move to the past tab", async () => {
      const byOperator = await makeLiver(db(), { store_name: "スナック 運営停止" });
      const byBilling = await makeLiver(db(), { store_name: "バー 未払い停止" });
      await suspendStore({
        ...context,
        actor,
        input: { liverId: byOperator.uid, reason: "写真の差し替えを" },
      });
      await db().transaction((tx) =>
        placeStoreSuspension(tx, {
          liverId: byBilling.uid,
          source: "billing",
          reason: "プラン料金の未払い（猶予期間の経過）",
          by: { uid: null, email: "billing" },
        }),
      );
      type Page = { stores: { store: { id: string; name: string }; source: string; reason: string }[] };
      const active = (
        await call(suspensionsRoute.loader, { context, url: "/admin/accounts/suspensions", cookie })
      ).body as Page;
      expect(active.stores).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            store: { id: byOperator.uid, name: "スナック 運営停止" },
            source: "operator",
            reason: "写真の差し替えを",
          }),
          expect.objectContaining({
            store: { id: byBilling.uid, name: "バー 未払い停止" },
            source: "billing",
          }),
        ]),
      );
      await liftStoreSuspension({
        ...context,
        actor,
        input: { liverId: byOperator.uid, note: "確認しました" },
      });
      const after = (
        await call(suspensionsRoute.loader, { context, url: "/admin/accounts/suspensions", cookie })
      ).body as Page;
      expect(after.stores.map((s) => s.store.id)).not.toContain(byOperator.uid);
      const past = (
        await call(suspensionsRoute.loader, {
          context,
          url: "/admin/accounts/suspensions?status=past",
          cookie,
        })
      ).body as Page;
      expect(past.stores.map((s) => s.store.id)).toContain(byOperator.uid);
      expect(past.stores.map((s) => s.store.id)).not.toContain(byBilling.uid);
    });

    it("see why on their dashboard: the operator's reason, billing's suspension; nothing once listed", async () => {
      const store = await makeLiver(db(), { store_name: "クラブ 掲載停止中" });
      expect((await getStoreDashboard({ db: db(), actor: store }))?.suspensions).toEqual([]);
      await suspendStore({
        ...context,
        actor,
        input: { liverId: store.uid, reason: "料金表示が実際と違います" },
      });
      await db().transaction((tx) =>
        placeStoreSuspension(tx, {
          liverId: store.uid,
          source: "billing",
          reason: "未払い",
          by: { uid: null },
        }),
      );
      const dashboard = await getStoreDashboard({ db: db(), actor: store });
      expect(dashboard?.store.status).toBe("suspended");
      expect(dashboard?.suspensions.map((s) => [s.source, s.reason])).toEqual([
        ["operator", "料金表示が実際と違います"],
        ["billing", "未払い"],
      ]);
      // Another store's suspensions are not this one's business.
      const other = await makeLiver(db(), { store_name: "クラブ となり" });
      expect((await getStoreDashboard({ db: db(), actor: other }))?.suspensions).toEqual([]);
    });
  });

  describe("the audit log page", () => {
    it("names and links what each entry is about, in words", async () => {
      const store = await makeLiver(db(), { store_name: "ラウンジ 記録" });
      await suspendStore({ ...context, actor, input: { liverId: store.uid, reason: "記録の確認" } });
      const page = (await call(auditRoute.loader, { context, url: "/admin/audit", cookie })).body as {
        items: {
          action: string;
          title: string;
          target: { label: string; value: string; href?: string } | null;
          lines: { label: string; value: string }[];
        }[];
      };
      const entry = page.items.find((item) => item.action === "store.suspend");
      expect(entry).toMatchObject({
        title: "店舗を停止",
        target: { label: "店舗", value: "ラウンジ 記録", href: `/admin/stores/${store.uid}` },
      });
      expect(entry?.lines).toEqual(
        expect.arrayContaining([
          { label: "理由", value: "記録の確認" },
          { label: "停止前の状態", value: "公開中" },
        ]),
      );
      for (const item of page.items) {
        expect(item.title).not.toBe("その他の操作");
        for (const line of item.lines) expect(line.label).not.toMatch(/^[a-z_]+$/);
      }
    });
  });

  // --- helpers -------------------------------------------------------------------------------

  async function statusOf(uid: string) {
    return (await db().select({ status: livers.status }).from(livers).where(eq(livers.uid, uid)))[0]?.status;
  }

  async function reportStatus(reportId: string) {
    return (
      await db()
        .select({ status: roomReports.status })
        .from(roomReports)
        .where(eq(roomReports.report_id, reportId))
    )[0]?.status;
  }

  async function payoutStatus(requestId: string) {
    return (
      await db()
        .select({ status: payoutRequests.status })
        .from(payoutRequests)
        .where(eq(payoutRequests.request_id, requestId))
    )[0]?.status;
  }

  /** A room report of a listener against a performer, open. */
  async function aReport() {
    const store = await makeLiver(db(), { store_name: "ガールズバー 通報" });
    const cast = await makeStaff(db(), store.uid, { name: "通報されたキャスト" });
    const reporter = await makeListener(db());
    const opened = await openRoom({ db: db(), actor: reporter, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error(opened.error);
    const filed = await reportRoom({
      db: db(),
      actor: reporter,
      input: { roomId: opened.room.id, reason: "確認用" },
    });
    if (!filed.ok) throw new Error(filed.error);
    return { reportId: filed.report.report_id };
  }

  /** A store with points from converted gifts, with a bank account to be paid to. */
  async function storeWithPoints(name: string): Promise<Viewer> {
    const store = await makeLiver(db(), {
      store_name: name,
      is_individual: false,
      account: {
        account_holder: "カ）テスト",
        bank_code: "0001",
        branch_code: "002",
        account_type: "saving",
        account_number: "1234567",
      },
    });
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 100_000);
    const bought = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "champagne", quantity: 20, idempotency_key: randomUUID() },
    });
    if (!bought.ok) throw new Error(JSON.stringify(bought));
    const gift = await sendGift({
      db: db(),
      settings: DEFAULT_LIVE_SETTINGS,
      actor: listener,
      input: { item_id: "champagne", quantity: 20, liver_id: store.uid, idempotency_key: randomUUID() },
    });
    if (!gift.ok) throw new Error(JSON.stringify(gift));
    const converted = await convertItems({ db: db(), actor: store, input: { idempotencyKey: randomUUID() } });
    if (!converted.ok) throw new Error(JSON.stringify(converted));
    return store;
  }

  async function pending(store: Viewer): Promise<string> {
    const made = await requestPayout({
      db: db(),
      actor: store,
      input: { points: 5000, idempotencyKey: randomUUID() },
    });
    if (!made.ok) throw new Error(JSON.stringify(made));
    return made.request.request_id;
  }

  async function approved(store: Viewer): Promise<string> {
    const requestId = await pending(store);
    const result = await approvePayout({ ...context, actor, input: { requestId } });
    if (!result.ok) throw new Error(JSON.stringify(result));
    // Only this request is approved and not yet exported.
    const others = await db()
      .select({ id: payoutRequests.request_id })
      .from(payoutRequests)
      .where(and(eq(payoutRequests.status, "approved")));
    expect(others.map((r) => r.id)).toEqual([requestId]);
    return requestId;
  }
});

function tokyoTomorrow(): string {
  return new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}
