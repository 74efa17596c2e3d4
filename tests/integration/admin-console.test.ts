import { randomUUID } from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import {
  accountActivity,
  accountSuspensions,
  contactMessages,
  directoryState,
  livers,
  logs,
  mailOutbox,
  news,
  operatorAuditLog,
  payoutBatches,
  rateLimits,
  remoteConfigValues,
  session,
  shopEntryRequests,
  staffHides,
  staffs,
  storeReviews,
  storeSuspensions,
} from "~/.server/db/schema";
import { signIn } from "~/.server/services/accounts/sign-in";
import { submitAgeDocument } from "~/.server/services/age-verification/submit-age-document";
import { openRoom } from "~/.server/services/chat/open-room";
import { reportRoom } from "~/.server/services/chat/report-room";
import { setRemoteConfigValue } from "~/.server/services/config/set-remote-config-value";
import { getAdminDashboard } from "~/.server/services/dashboard/get-admin-dashboard";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { readRemoteConfig, remoteConfigValue } from "~/.server/services/shared/remote-config";
import {
  liftStoreSuspension as liftSuspensionOf,
  placeStoreSuspension,
} from "~/.server/services/shared/store-suspension";
import { deleteStaffAsOperator } from "~/.server/services/staff/delete-staff-as-operator";
import { hideStaff } from "~/.server/services/staff/hide-staff";
import { listStaffForOperator } from "~/.server/services/staff/list-staff-for-operator";
import { resetStaffLogin } from "~/.server/services/staff/reset-staff-login";
import { setStaffDisplay } from "~/.server/services/staff/set-staff-display";
import { unhideStaff } from "~/.server/services/staff/unhide-staff";
import { changeStorePlan } from "~/.server/services/stores/change-store-plan";
import { liftStoreSuspension } from "~/.server/services/stores/lift-store-suspension";
import { listStores } from "~/.server/services/stores/list-stores";
import { markStoreReviewed } from "~/.server/services/stores/mark-store-reviewed";
import { rankStore } from "~/.server/services/stores/rank-store";
import { reorderStores } from "~/.server/services/stores/reorder-stores";
import { setStoreStaffLimit } from "~/.server/services/stores/set-store-staff-limit";
import { setStoreStatus } from "~/.server/services/stores/set-store-status";
import { rankedStores } from "~/.server/services/stores/store-ranking";
import { suspendStore } from "~/.server/services/stores/suspend-store";
import { tokyoDays } from "~/domain/admin-dashboard";
import { REMOTE_CONFIG_DEFAULTS } from "~/domain/remote-config";
import routes from "~/routes";
import * as adminConfig from "~/routes/admin/config";
import * as adminLayout from "~/routes/admin/layout";
import * as adminStaff from "~/routes/admin/staff";
import * as adminStore from "~/routes/admin/store";
import * as adminRanking from "~/routes/admin/store-ranking";
import * as apiConfig from "~/routes/api/config";
import * as apiLiver from "~/routes/api/liver";
import * as apiLivers from "~/routes/api/livers";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie, type TestOperator } from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

// The operator's console, part one (ADR 0033), on both databases: every
// /admin page and action refused to every other kind of account with nothing written; stores
// suspended (gone from the directory at once, the reason mailed, the suspension the operator's),
// lifted, ranked, given a plan and a limit; performers hidden, deleted, their login reset; the
// remote configuration typed, audited and served with ETag; the dashboard's figures by Tokyo day.

/** Every route of app/routes.ts under `admin/`, but the login steps open to everyone. */
function adminRoutes(): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.path?.startsWith("admin") && !entry.path.startsWith("admin/login"))
        out.push({ path: entry.path, file: entry.file });
      if (entry.children) walk(entry.children);
    }
  };
  walk(routes as RouteConfigEntry[]);
  return out;
}

type Module = { loader?: unknown; action?: unknown };
type RouteFn = Parameters<typeof call>[0];

describe.each(drivers)("operator console on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let context: AppLoadContext;
  let op: TestOperator;
  let actor: SignedInOperator;
  let opCookie: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "admin_console" });
    rc = routeContext(database.db);
    context = rc.context;
    op = await makeOperator(database.db, { authSecret: context.env.authSecret });
    actor = { uid: op.uid, email: op.email, ip: "192.0.2.50" };
    opCookie = await operatorCookie(context, op);
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const auditOf = (action: string, targetId?: string) =>
    db()
      .select()
      .from(operatorAuditLog)
      .where(
        targetId
          ? and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target_id, targetId))
          : eq(operatorAuditLog.action, action),
      );
  const statusOf = async (uid: string) =>
    (await db().select({ status: livers.status }).from(livers).where(eq(livers.uid, uid)))[0]?.status;
  const directoryVersion = async () => (await db().select().from(directoryState))[0]?.version;
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const listedInDirectory = async (store: Viewer) => {
    const list = await call(apiLivers.loader, {
      context,
      url: `/api/livers?keyword=${encodeURIComponent(store.name)}&pageSize=100`,
    });
    const items = (list.body as { items: { uid: string }[]; total: number }).items;
    const one = await call(apiLiver.loader, {
      context,
      url: `/api/livers/${store.uid}`,
      params: { id: store.uid },
    });
    return { inList: items.some((item) => item.uid === store.uid), page: one.status };
  };

  describe("every /admin page and action is the operator's alone", () => {
    let cookies: Record<string, string | undefined>;
    let ids: Record<string, string>;
    let money: { payout: string; batch: string };

    beforeAll(async () => {
      const listener = await makeListener(db());
      const store = await makeLiver(db(), { store_name: "ガード テスト店" });
      const staff = await makeStaff(db(), store.uid);
      cookies = {
        "signed out": undefined,
        listener: await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD),
        liver: await sessionCookie(context, "liver", store.email, FACTORY_PASSWORD),
        staff: await sessionCookie(context, "staff", staff.loginId, FACTORY_PASSWORD),
      };
      const shopEntry = randomUUID();
      await db().insert(shopEntryRequests).values({
        id: shopEntry,
        store_name: "ガード",
        contact_name: "守",
        email: "guard-shop@example.com",
      });
      const contact = randomUUID();
      await db().insert(contactMessages).values({
        id: contact,
        name: "守",
        email: "guard-contact@example.com",
        category: "usage",
        message: "guard",
      });
      // An exported 全銀 batch, so the file's page has something to send to the operator (ADR 0036).
      money = { payout: randomUUID(), batch: randomUUID() };
      await db().insert(payoutBatches).values({
        batch_id: money.batch,
        transfer_date: "2099-01-01",
        count: 0,
        total_yen: 0,
        file_base64: "",
      });
      const mail = randomUUID();
      await db().insert(mailOutbox).values({
        id: mail,
        kind: "verify-email",
        to: "guard@example.com",
        subject: "s",
        text: "t",
        html: "<p>t</p>",
        status: "failed",
      });
      const newsId = randomUUID();
      await db()
        .insert(news)
        .values({
          news_id: newsId,
          title: "予定のお知らせ",
          body: "本文",
          audience: "all",
          published_at: new Date(Date.now() + 86_400_000),
        });
      // A room report: the reports queue's decision has something to decide (ADR 0030).
      const reportedCast = await makeStaff(db(), store.uid, { name: "通報されたキャスト" });
      const reporter = await makeListener(db());
      const opened = await openRoom({ db: db(), actor: reporter, input: { staff_id: reportedCast.uid } });
      if (!opened.ok) throw new Error(opened.error);
      const filed = await reportRoom({
        db: db(),
        actor: reporter,
        input: { roomId: opened.room.id, reason: "ガード" },
      });
      if (!filed.ok) throw new Error(filed.error);
      // A store the operator suspended, a staff member hidden: "lift" and "unhide" have something to do.
      await suspendStore({ ...context, actor, input: { liverId: store.uid, reason: "ガードの確認" } });
      await hideStaff({ ...context, actor, input: { staffId: staff.uid, reason: "ガードの確認" } });
      await rankStore({ db: db(), actor, input: { liverId: store.uid, position: 1 } });
      // A blocked account: the suspensions page's "lift" has something to lift (ADR 0039).
      const blocked = await makeListener(db());
      const suspension = randomUUID();
      await db()
        .insert(accountSuspensions)
        .values({ id: suspension, user_id: blocked.uid, kind: "block", reason: "ガード" });
      // A listener's document waiting in the age verification queue (ADR 0055).
      const unverified = await makeListener(db(), { ageVerified: false });
      const sent = await submitAgeDocument({
        db: db(),
        storage: context.storage,
        authSecret: context.env.authSecret,
        actor: unverified,
        input: {
          documentKind: "passport",
          data: await sharp({ create: { width: 64, height: 40, channels: 3, background: "#ccc" } })
            .png()
            .toBuffer(),
        },
      });
      if (!sent.ok) throw new Error(sent.error);
      ids = {
        ageVerification: sent.id,
        suspension,
        store: store.uid,
        staff: staff.uid,
        shopEntry,
        contact,
        mail,
        news: newsId,
        report: filed.report.report_id,
      };
    });

    /** Real ids, so a guard that ran after the lookup would show (a 200 or 404 instead of the redirect). */
    const urlOf = (routePath: string) =>
      `/${routePath}`
        .replace("admin/shop_entry/:id", `admin/shop_entry/${ids.shopEntry}`)
        .replace("admin/payout-batches/:id", `admin/payout-batches/${money.batch}`)
        .replace("admin/contact/:id", `admin/contact/${ids.contact}`)
        .replace("admin/news/:id", `admin/news/${ids.news}`)
        .replace("admin/stores/:id", `admin/stores/${ids.store}`)
        .replace("admin/staff/:id", `admin/staff/${ids.staff}`)
        .replace("admin/reports/:kind/:id", `admin/reports/room/${ids.report}`)
        .replace("admin/age-verifications/:id", `admin/age-verifications/${ids.ageVerification}`)
        .replace("admin/*", "admin/no-such-page");
    const paramsOf = (routePath: string, url: string): Record<string, string> =>
      routePath === "admin/reports/:kind/:id"
        ? { kind: url.split("/")[3] ?? "", id: url.split("/")[4] ?? "" }
        : routePath.endsWith(":id") || routePath.endsWith(":id/document")
          ? { id: url.split("/")[3] ?? "" }
          : routePath.endsWith("*")
            ? { "*": "no-such-page" }
            : {};

    /** What every action of the console is asked to do, valid as an operator would send it. */
    const bodiesOf = (routePath: string): Record<string, string>[] => {
      switch (routePath) {
        case "admin/stores/:id":
          return [
            { intent: "suspend", reason: "規約違反", confirm: "yes" },
            { intent: "lift", note: "" },
            { intent: "status", status: "private" },
            { intent: "plan", plan_id: "premium", apply_limit: "1" },
            { intent: "limit", limit_staff: "3" },
            { intent: "order", order: "2" },
            { intent: "review" },
          ];
        case "admin/stores/ranking":
          return [
            { intent: "reorder", ids: ids.store! },
            { intent: "move", liver_id: ids.store!, direction: "down" },
            { intent: "remove", liver_id: ids.store! },
          ];
        case "admin/staff/:id":
          return [
            { intent: "hide", reason: "x" },
            { intent: "unhide" },
            { intent: "delete", reason: "x" },
            { intent: "reset_login" },
          ];
        case "admin/config":
          return [
            { key: "live_max_viewers", value: "99", intent: "save" },
            { key: "shop_entry_open", intent: "reset" },
          ];
        case "admin/shop_entry/:id":
        case "admin/contact/:id":
          return [{ intent: "handled" }, { intent: "reply", subject: "件名", body: "本文" }];
        case "admin/mail":
          return [{ id: ids.mail!, status: "failed" }];
        case "admin/reports/:kind/:id":
          return [
            { outcome: "suspended", note: "ガードの確認", days: "7", confirm: "yes" },
            { outcome: "blocked", note: "ガードの確認", confirm: "yes" },
            { outcome: "dismissed" },
          ];
        case "admin/accounts/suspensions":
          return [{ intent: "lift", suspension_id: ids.suspension!, reason: "ガードの確認" }];
        case "admin/age-verifications/:id":
          return [
            { intent: "approve", birth_date: "1990-01-01" },
            { intent: "reject", reason: "ガードの確認", confirm: "yes" },
          ];
        case "admin/settings/transfer":
          return [
            {
              intent: "save",
              bank_code: "0005",
              branch_code: "001",
              account_type: "saving",
              account_number: "1234567",
              consignor_code: "1234567890",
              consignor_name: "ヨルナビ",
            },
          ];
        case "admin/news/new":
          return [{ intent: "publish_now", title: "t", body: "b", audience: "all" }];
        case "admin/news/:id":
          return [{ intent: "delete" }, { intent: "publish_now", title: "t", body: "b", audience: "all" }];
        case "admin/payouts":
          return [
            { intent: "approve", request_id: money.payout },
            { intent: "reject", request_id: money.payout, reason: "x", confirm: "yes" },
            { intent: "paid", request_id: money.payout },
            { intent: "export", batch_id: randomUUID(), transfer_date: "2099-01-01" },
          ];
        case "admin/coin-packs":
          return [
            {
              intent: "create",
              pack_id: "guard-pack",
              name: "g",
              coins: "1",
              bonus_coins: "0",
              price_jpy: "1",
              sort_order: "0",
            },
            {
              intent: "update",
              pack_id: "coins-500",
              name: "g",
              coins: "1",
              bonus_coins: "0",
              price_jpy: "1",
              sort_order: "0",
            },
            { intent: "retire", pack_id: "coins-500" },
            { intent: "delete", pack_id: "coins-500" },
          ];
        case "admin/items":
          return [
            {
              intent: "create",
              item_id: "guard-item",
              name: "g",
              coin_price: "1",
              point_value: "0",
              sort_order: "0",
            },
            {
              intent: "update",
              item_id: "rose",
              name: "g",
              coin_price: "1",
              point_value: "0",
              sort_order: "0",
            },
            { intent: "retire", item_id: "rose" },
            { intent: "delete", item_id: "rose" },
            { intent: "image", item_id: "rose" },
          ];
        default:
          return [{ intent: "anything" }];
      }
    };

    /** A fingerprint of every table an operator action writes. */
    const fingerprint = async () => {
      const tables = [
        "coin_packs",
        "items",
        "payout_requests",
        "payout_steps",
        "payout_batches",
        "ledger_transactions",
        "livers",
        "staffs",
        "store_suspensions",
        "staff_hides",
        "store_reviews",
        "remote_config_values",
        "operator_audit_log",
        "logs",
        "mail_outbox",
        "news",
        "shop_entry_requests",
        "contact_messages",
        "room_reports",
        "account_suspensions",
        "account",
        "session",
      ];
      const out: Record<string, string> = {};
      for (const table of tables) {
        const rows = (await db().execute(
          sql.raw(
            `select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${table}" t`,
          ),
        )) as unknown as { rows?: { n: number; h: string }[] } | { n: number; h: string }[];
        const row = Array.isArray(rows) ? rows[0] : rows.rows?.[0];
        out[table] = `${row?.n}:${row?.h}`;
      }
      return out;
    };

    it("covers the console: the table below names every admin route of app/routes.ts", () => {
      const found = adminRoutes().map((r) => r.path);
      expect(found).toEqual(
        expect.arrayContaining([
          "admin",
          "admin/stores",
          "admin/stores/ranking",
          "admin/stores/:id",
          "admin/staff",
          "admin/staff/:id",
          "admin/config",
          "admin/audit",
          "admin/payouts",
          "admin/payout-batches/:id",
          "admin/coin-packs",
          "admin/items",
          "admin/reports",
          "admin/reports/:kind/:id",
          "admin/accounts/suspensions",
          "admin/settings/transfer",
          "admin/*",
        ]),
      );
    });

    it.each(["signed out", "listener", "liver", "staff"])(
      "%s: every page redirects to /admin/login?from=…, every action too, and nothing is written",
      async (role) => {
        const cookie = cookies[role];
        const before = await fingerprint();
        const checked: string[] = [];
        const pages = [
          { path: "admin (layout)", file: "routes/admin/layout.tsx", url: "/admin" },
          ...adminRoutes().map((r) => ({ ...r, url: urlOf(r.path) })),
        ];
        for (const page of pages) {
          const module = (await import(path.resolve("app", page.file))) as Module;
          // GET /admin/logout only sends the browser to /admin (whose guard then answers).
          if (module.loader && page.path === "admin/logout") {
            const answer = await call(module.loader as RouteFn, { context, url: page.url, cookie });
            expect(answer.location).toBe("/admin");
          } else if (module.loader) {
            const answer = await call(module.loader as RouteFn, {
              context,
              url: page.url,
              cookie,
              params: paramsOf(page.path, page.url),
            });
            expect(answer.status, `GET ${page.url}`).toBe(302);
            expect(answer.location, `GET ${page.url}`).toBe(
              `/admin/login?from=${encodeURIComponent(page.url)}`,
            );
            checked.push(`GET ${page.url}`);
          }
          if (module.action && page.file !== "routes/admin/layout.tsx")
            for (const body of bodiesOf(page.path ?? "")) {
              const answer = await call(module.action as RouteFn, {
                context,
                url: page.url,
                method: "POST",
                cookie,
                body: form(body),
                params: paramsOf(page.path, page.url),
              });
              expect(answer.status, `POST ${page.url} ${JSON.stringify(body)}`).toBe(302);
              expect(answer.location).toBe(`/admin/login?from=${encodeURIComponent(page.url)}`);
              checked.push(`POST ${page.url} ${body.intent ?? ""}`);
            }
        }
        expect(await fingerprint()).toEqual(before);
        // The new pages and every intent of their actions were among them.
        expect(checked).toEqual(
          expect.arrayContaining([
            `GET /admin/stores/${ids.store}`,
            `POST /admin/stores/${ids.store} suspend`,
            `POST /admin/stores/${ids.store} review`,
            "POST /admin/stores/ranking reorder",
            `POST /admin/staff/${ids.staff} reset_login`,
            `POST /admin/staff/${ids.staff} delete`,
            "POST /admin/config save",
            "GET /admin/config",
            "GET /admin/payouts",
            `GET /admin/payout-batches/${money.batch}`,
            "POST /admin/payouts approve",
            "POST /admin/payouts export",
            "POST /admin/coin-packs delete",
            "POST /admin/items image",
            "GET /admin/accounts/suspensions",
            "POST /admin/accounts/suspensions lift",
            "GET /admin/settings/transfer",
            "POST /admin/settings/transfer save",
            `POST /admin/reports/room/${ids.report} `,
            `GET /admin/age-verifications/${ids.ageVerification}`,
            `GET /admin/age-verifications/${ids.ageVerification}/document`,
            `POST /admin/age-verifications/${ids.ageVerification} approve`,
          ]),
        );
      },
    );

    it("the operator, by contrast, opens every page", async () => {
      for (const page of adminRoutes().filter((r) => r.path !== "admin/*" && r.path !== "admin/logout")) {
        const module = (await import(path.resolve("app", page.file))) as Module;
        if (!module.loader) continue;
        const url = urlOf(page.path);
        const answer = await call(module.loader as RouteFn, {
          context,
          url,
          cookie: opCookie,
          params: paramsOf(page.path, url),
        });
        expect(answer.status, `GET ${url}`).toBe(200);
      }
      expect((await call(adminLayout.loader, { context, url: "/admin", cookie: opCookie })).status).toBe(200);
    });
  });

  describe("stores", () => {
    it("suspending takes a store out of the directory at once, mails the reason, records whose it is", async () => {
      const store = await makeLiver(db(), { store_name: "ラウンジ 停止予定" });
      const staff = await makeStaff(db(), store.uid, { name: "停止店のキャスト" });
      expect(await listedInDirectory(store)).toEqual({ inList: true, page: 200 });
      const version = await directoryVersion();

      const answer = await call(adminStore.action, {
        context,
        url: `/admin/stores/${store.uid}`,
        method: "POST",
        cookie: opCookie,
        body: form({
          intent: "suspend",
          reason: "掲載写真が規約に反しています。\n差し替えてください。",
          confirm: "yes",
        }),
        params: { id: store.uid },
      });
      expect(answer).toMatchObject({ status: 302, location: `/admin/stores/${store.uid}?done=suspended` });

      expect(await statusOf(store.uid)).toBe("suspended");
      expect(await directoryVersion()).not.toBe(version);
      expect(await listedInDirectory(store)).toEqual({ inList: false, page: 404 });
      const staffPage = await call((await import("~/routes/api/staff")).loader, {
        context,
        url: `/api/staffs/${staff.uid}`,
        params: { id: staff.uid },
      });
      expect(staffPage.status).toBe(404);

      const [suspension] = await db()
        .select()
        .from(storeSuspensions)
        .where(eq(storeSuspensions.liver_id, store.uid));
      expect(suspension).toMatchObject({
        source: "operator",
        reason: "掲載写真が規約に反しています。\n差し替えてください。",
        resume_status: "public",
        suspended_by: op.uid,
        suspended_by_email: op.email,
        lifted_at: null,
      });
      const [mail] = await mailsTo(store.email);
      expect(mail?.subject).toContain("店舗の掲載を停止しました");
      expect(mail?.text).toContain("差し替えてください。");
      const [log] = await db().select().from(logs).where(eq(logs.liver_id, store.uid));
      expect(log?.description).toContain("運営により掲載が停止されました");
      expect(await auditOf("store.suspend", store.uid)).toHaveLength(1);

      // Twice is once.
      const again = await suspendStore({
        ...context,
        actor,
        input: { liverId: store.uid, reason: "もう一度" },
      });
      expect(again).toEqual({ ok: false, error: "already_suspended" });
      // Not while suspended: the status is lifted, not overridden.
      expect(
        await setStoreStatus({ db: db(), actor, input: { liverId: store.uid, status: "public" } }),
      ).toEqual({
        ok: false,
        error: "suspended",
      });

      // Lifted: listed again, mailed, recorded.
      const lifted = await liftStoreSuspension({
        ...context,
        actor,
        input: { liverId: store.uid, note: "ご対応ありがとうございました" },
      });
      expect(lifted).toEqual({ ok: true, status: "public" });
      expect(await listedInDirectory(store)).toEqual({ inList: true, page: 200 });
      const mails = await mailsTo(store.email);
      expect(mails.map((m) => m.subject).join()).toContain("掲載停止を解除しました");
      expect(mails.find((m) => m.kind === "store-suspension-lifted")?.text).toContain(
        "ご対応ありがとうございました",
      );
      expect(await auditOf("store.unsuspend", store.uid)).toHaveLength(1);
    });

    it("a private store stays private after its suspension; billing's suspension is billing's to lift", async () => {
      const store = await makeLiver(db(), { store_name: "スナック 二重停止", status: "private" });
      await suspendStore({ ...context, actor, input: { liverId: store.uid, reason: "確認のため" } });
      // Billing suspends the same store (ADR 0032: an unpaid plan after its grace period).
      await db().transaction((tx) =>
        placeStoreSuspension(tx, {
          liverId: store.uid,
          source: "billing",
          reason: "未払い",
          by: { uid: null },
        }),
      );
      // The operator lifts its own: billing still holds the store.
      const lifted = await liftStoreSuspension({
        ...context,
        actor,
        input: { liverId: store.uid, note: "" },
      });
      expect(lifted).toEqual({ ok: true, status: "suspended" });
      expect(await statusOf(store.uid)).toBe("suspended");
      const mail = (await mailsTo(store.email)).find((m) => m.kind === "store-suspension-lifted");
      expect(mail?.text).toContain("ほかの理由");
      // The operator's lift again is refused: nothing of the operator's holds it.
      expect(
        await liftStoreSuspension({ ...context, actor, input: { liverId: store.uid, note: "" } }),
      ).toEqual({
        ok: false,
        error: "not_suspended",
      });
      // Paid: billing lifts its own, the store is back to its own choice (private).
      const paid = await db().transaction((tx) =>
        liftSuspensionOf(tx, { liverId: store.uid, source: "billing", by: { uid: null } }),
      );
      expect(paid).toMatchObject({ ok: true, lifted: true, status: "private", remaining: [] });
      expect(await statusOf(store.uid)).toBe("private");
    });

    it("two operators suspending one store at once make one suspension", async () => {
      const store = await makeLiver(db(), { store_name: "同時停止テスト" });
      const results = await Promise.all(
        [0, 1].map(() => suspendStore({ ...context, actor, input: { liverId: store.uid, reason: "同時" } })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "already_suspended" }]);
      const [{ n } = { n: 0 }] = await db()
        .select({ n: count() })
        .from(storeSuspensions)
        .where(and(eq(storeSuspensions.liver_id, store.uid), isNull(storeSuspensions.lifted_at)));
      expect(n).toBe(1);
      expect(await mailsTo(store.email)).toHaveLength(1);
    });

    it("status, plan and staff limit: changed, logged for the store, audited; a bad form is a 400 with the values kept", async () => {
      const store = await makeLiver(db(), {
        store_name: "クラブ 設定変更",
        limit_staff: 3,
        plan_id: "light",
      });
      expect(
        await setStoreStatus({ db: db(), actor, input: { liverId: store.uid, status: "private" } }),
      ).toEqual({
        ok: true,
        changed: true,
      });
      expect(await statusOf(store.uid)).toBe("private");
      expect(
        await changeStorePlan({
          db: db(),
          actor,
          input: { liverId: store.uid, planId: "premium", applyLimit: true },
        }),
      ).toEqual({
        ok: true,
        changed: true,
      });
      const [row] = await db().select().from(livers).where(eq(livers.uid, store.uid));
      expect(row).toMatchObject({ plan_id: "premium", new_plan_id: null, limit_staff: 50 });
      expect(
        await changeStorePlan({
          db: db(),
          actor,
          input: { liverId: store.uid, planId: "nope", applyLimit: true },
        }),
      ).toEqual({
        ok: false,
        error: "plan_unavailable",
      });
      expect(await setStoreStaffLimit({ db: db(), actor, input: { liverId: store.uid, limit: 7 } })).toEqual({
        ok: true,
        changed: true,
      });
      expect((await db().select().from(livers).where(eq(livers.uid, store.uid)))[0]?.limit_staff).toBe(7);
      const descriptions = (await db().select().from(logs).where(eq(logs.liver_id, store.uid))).map(
        (l) => l.description,
      );
      expect(descriptions).toEqual(
        expect.arrayContaining([
          "運営が公開状態を「非公開」に変更しました",
          expect.stringContaining("運営がプランを"),
          "運営がキャスト上限を7名に変更しました",
        ]),
      );
      for (const action of ["store.status", "store.plan", "store.limit_staff"])
        expect(await auditOf(action, store.uid)).toHaveLength(1);

      const bad = await call(adminStore.action, {
        context,
        url: `/admin/stores/${store.uid}`,
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "limit", limit_staff: "たくさん" }),
        params: { id: store.uid },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        intent: "limit",
        values: { limit_staff: "たくさん" },
        errors: { limit_staff: "半角または全角の数字で入力してください" },
      });
      const fullWidth = await call(adminStore.action, {
        context,
        url: `/admin/stores/${store.uid}`,
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "limit", limit_staff: "１２" }),
        params: { id: store.uid },
      });
      expect(fullWidth.status).toBe(302);
      expect((await db().select().from(livers).where(eq(livers.uid, store.uid)))[0]?.limit_staff).toBe(12);
      const noReason = await call(adminStore.action, {
        context,
        url: `/admin/stores/${store.uid}`,
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "suspend", reason: "  " }),
        params: { id: store.uid },
      });
      expect(noReason.status).toBe(400);
      expect(noReason.body).toMatchObject({
        errors: { reason: expect.stringContaining("停止の理由を入力してください") },
      });
      expect(await statusOf(store.uid)).toBe("private");
    });

    it("ranking: put at a place shifts the rest, moves and drags renumber 1…n, a stale drag is refused", async () => {
      // Start from an empty ranking (other tests rank stores too).
      await db().update(livers).set({ order: null });
      const stores = [];
      for (const name of ["順位 A", "順位 B", "順位 C", "順位 D"])
        stores.push(await makeLiver(db(), { store_name: name }));
      const [a, b, c, d] = stores.map((s) => s.uid) as [string, string, string, string];
      for (const uid of [a, b, c])
        await rankStore({ db: db(), actor, input: { liverId: uid, position: 99 } });
      const ranking = async () => (await rankedStores(db())).map((r) => [r.uid, r.order]);
      expect(await ranking()).toEqual([
        [a, 1],
        [b, 2],
        [c, 3],
      ]);
      // D at 2: B and C move down.
      expect(await rankStore({ db: db(), actor, input: { liverId: d, position: 2 } })).toEqual({
        ok: true,
        order: 2,
      });
      expect(await ranking()).toEqual([
        [a, 1],
        [d, 2],
        [b, 3],
        [c, 4],
      ]);
      // The directory lists them in that order, first.
      const list = await call(apiLivers.loader, { context, url: "/api/livers?pageSize=4" });
      expect((list.body as { items: { uid: string }[] }).items.map((i) => i.uid)).toEqual([a, d, b, c]);

      expect(
        await reorderStores({ db: db(), actor, input: { kind: "move", liverId: c, direction: "up" } }),
      ).toEqual({
        ok: true,
        moved: true,
      });
      expect(
        await reorderStores({ db: db(), actor, input: { kind: "move", liverId: a, direction: "up" } }),
      ).toEqual({
        ok: true,
        moved: false,
      });
      expect(await ranking()).toEqual([
        [a, 1],
        [d, 2],
        [c, 3],
        [b, 4],
      ]);
      // A drag sends the whole list.
      const dragged = await call(adminRanking.action, {
        context,
        url: "/admin/stores/ranking",
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "reorder", ids: [b, a, d, c].join(",") }),
      });
      expect(dragged).toMatchObject({ status: 200, body: { ok: true } });
      expect(await ranking()).toEqual([
        [b, 1],
        [a, 2],
        [d, 3],
        [c, 4],
      ]);
      // A list that is not the ranking of now (someone changed it meanwhile) is refused.
      const stale = await call(adminRanking.action, {
        context,
        url: "/admin/stores/ranking",
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "reorder", ids: [a, b, c].join(",") }),
      });
      expect(stale.status).toBe(409);
      expect(await ranking()).toEqual([
        [b, 1],
        [a, 2],
        [d, 3],
        [c, 4],
      ]);
      // Off the ranking: the rest close up.
      expect(await rankStore({ db: db(), actor, input: { liverId: a, position: null } })).toEqual({
        ok: true,
        order: null,
      });
      expect(await ranking()).toEqual([
        [b, 1],
        [d, 2],
        [c, 3],
      ]);
      expect((await auditOf("store.order")).length).toBeGreaterThanOrEqual(5);
      expect((await auditOf("stores.reorder")).length).toBeGreaterThanOrEqual(2);
    });

    it("the list finds any store by name (any kana), address or id, with plan, staff, followers and last login", async () => {
      const store = await makeLiver(db(), {
        store_name: "バー ほしぞら",
        store_name_kana: "バー ホシゾラ",
        status: "private",
      });
      await makeStaff(db(), store.uid);
      await makeStaff(db(), store.uid, { status: "deleted" });
      // A sign-in is recorded as the last login (better-auth's session hook).
      await signIn({
        db: db(),
        auth: context.auth,
        clientIp: "198.51.100.77",
        input: { role: "liver", identifier: store.email, password: FACTORY_PASSWORD },
      });
      const [activity] = await db().select().from(accountActivity).where(eq(accountActivity.uid, store.uid));
      expect(activity?.last_login_at).toBeInstanceOf(Date);

      for (const keyword of ["ほしぞら", "ホシゾラ", "ﾎｼｿﾞﾗ", store.email.slice(0, 12), store.uid]) {
        const found = await listStores({
          db: db(),
          actor,
          input: { keyword, status: "all", review: "all", page: 1 },
        });
        expect(
          found.items.map((i) => i.uid),
          keyword,
        ).toContain(store.uid);
      }
      const found = await listStores({
        db: db(),
        actor,
        input: { keyword: "ほしぞら", status: "private", review: "all", page: 1 },
      });
      expect(found.items[0]).toMatchObject({
        uid: store.uid,
        status: "private",
        plan_name: expect.any(String),
        staff_count: 1,
        follower_number: 0,
        reviewed: false,
        last_login_at: activity?.last_login_at,
      });
      expect(found.counts.private).toBe(1);
      expect(
        (
          await listStores({
            db: db(),
            actor,
            input: { keyword: "ほしぞら", status: "public", review: "all", page: 1 },
          })
        ).total,
      ).toBe(0);

      // Waiting for a look until an operator marks it reviewed.
      const waiting = () =>
        listStores({
          db: db(),
          actor,
          input: { keyword: "ほしぞら", status: "all", review: "waiting", page: 1 },
        });
      expect((await waiting()).total).toBe(1);
      expect(await markStoreReviewed({ db: db(), actor, input: { liverId: store.uid } })).toEqual({
        ok: true,
        changed: true,
      });
      expect(await markStoreReviewed({ db: db(), actor, input: { liverId: store.uid } })).toEqual({
        ok: true,
        changed: false,
      });
      expect((await waiting()).total).toBe(0);
      expect(await auditOf("store.review", store.uid)).toHaveLength(1);
    });

    it("the store's page shows its history: the store's log, the audit entries about it and its staff, its suspensions", async () => {
      const store = await makeLiver(db(), { store_name: "履歴のある店" });
      const staff = await makeStaff(db(), store.uid);
      await suspendStore({ ...context, actor, input: { liverId: store.uid, reason: "履歴確認" } });
      await liftStoreSuspension({ ...context, actor, input: { liverId: store.uid, note: "" } });
      await hideStaff({ ...context, actor, input: { staffId: staff.uid, reason: "写真の確認" } });
      const page = await call(adminStore.loader, {
        context,
        url: `/admin/stores/${store.uid}`,
        cookie: opCookie,
        params: { id: store.uid },
      });
      expect(page.status).toBe(200);
      const body = page.body as {
        audit: { action: string }[];
        logs: { description: string }[];
        suspensions: { source: string; lifted_at: Date | null }[];
      };
      expect(body.audit.map((a) => a.action)).toEqual(["staff.hide", "store.unsuspend", "store.suspend"]);
      expect(body.logs).toHaveLength(3);
      expect(body.suspensions).toMatchObject([{ source: "operator", lifted_at: expect.any(Date) }]);
      const missing = await call(adminStore.loader, {
        context,
        url: "/admin/stores/nobody",
        cookie: opCookie,
        params: { id: "nobody" },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe("staff", () => {
    it("hidden by the operator: gone from the lists, the store cannot show her again, the store is told; lifted: back as before", async () => {
      const store = await makeLiver(db(), { store_name: "非表示テスト店" });
      const staff = await makeStaff(db(), store.uid, { name: "みらい" });
      const answer = await call(adminStaff.action, {
        context,
        url: `/admin/staff/${staff.uid}`,
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "hide", reason: "プロフィール写真が規約に反しています" }),
        params: { id: staff.uid },
      });
      expect(answer).toMatchObject({ status: 302, location: `/admin/staff/${staff.uid}?done=hidden` });
      const [row] = await db().select().from(staffs).where(eq(staffs.uid, staff.uid));
      expect(row?.is_displayed).toBe(false);
      const publicPage = await call((await import("~/routes/api/staff")).loader, {
        context,
        url: `/api/staffs/${staff.uid}`,
        params: { id: staff.uid },
      });
      expect(publicPage.status).toBe(404);
      // The store's own switch is refused while the operator's hide holds.
      expect(
        await setStaffDisplay({ db: db(), actor: store, input: { staffId: staff.uid, displayed: true } }),
      ).toEqual({
        ok: false,
        error: "hidden_by_operator",
      });
      const mail = (await mailsTo(store.email)).find((m) => m.kind === "staff-hidden");
      expect(mail?.subject).toContain("キャスト「みらい」を非表示にしました");
      expect(mail?.text).toContain("プロフィール写真が規約に反しています");
      expect(await hideStaff({ ...context, actor, input: { staffId: staff.uid, reason: "again" } })).toEqual({
        ok: false,
        error: "already_hidden",
      });
      expect(
        (
          await listStaffForOperator({
            db: db(),
            actor,
            input: { keyword: "", status: "operator_hidden", liverId: store.uid, page: 1 },
          })
        ).items.map((i) => i.uid),
      ).toEqual([staff.uid]);

      expect(await unhideStaff({ ...context, actor, input: { staffId: staff.uid } })).toEqual({ ok: true });
      expect((await db().select().from(staffs).where(eq(staffs.uid, staff.uid)))[0]?.is_displayed).toBe(true);
      expect(
        await setStaffDisplay({ db: db(), actor: store, input: { staffId: staff.uid, displayed: false } }),
      ).toEqual({
        ok: true,
        changed: true,
      });
      expect((await mailsTo(store.email)).map((m) => m.kind)).toEqual(
        expect.arrayContaining(["staff-hidden", "staff-shown"]),
      );
      expect(await auditOf("staff.hide", staff.uid)).toHaveLength(1);
      expect(await auditOf("staff.unhide", staff.uid)).toHaveLength(1);
      const storeLog = (await db().select().from(logs).where(eq(logs.target_id, staff.uid))).map(
        (l) => l.description,
      );
      expect(storeLog).toEqual(
        expect.arrayContaining([expect.stringContaining("運営が「みらい」を非表示にしました")]),
      );
    });

    it("a performer the store had hidden stays hidden when the operator's hide is lifted", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid, { is_displayed: false });
      await hideStaff({ ...context, actor, input: { staffId: staff.uid, reason: "確認" } });
      await unhideStaff({ ...context, actor, input: { staffId: staff.uid } });
      expect((await db().select().from(staffs).where(eq(staffs.uid, staff.uid)))[0]?.is_displayed).toBe(
        false,
      );
    });

    it("deleted by the operator: as the store's deletion, with the reason logged and mailed", async () => {
      const store = await makeLiver(db(), { store_name: "削除テスト店" });
      const staff = await makeStaff(db(), store.uid, { name: "あおい" });
      const other = await makeStaff(db(), store.uid, { name: "さくら" });
      await sessionCookie(context, "staff", staff.loginId, FACTORY_PASSWORD);
      const result = await deleteStaffAsOperator({
        ...context,
        actor,
        input: { staffId: staff.uid, reason: "本人からの削除依頼" },
      });
      expect(result).toEqual({ ok: true });
      const [row] = await db().select().from(staffs).where(eq(staffs.uid, staff.uid));
      expect(row).toMatchObject({ status: "deleted", delete_at: expect.any(Date), image_urls: [] });
      expect(await db().select().from(session).where(eq(session.userId, staff.uid))).toEqual([]);
      expect((await db().select().from(staffs).where(eq(staffs.uid, other.uid)))[0]?.order).toBe(1);
      const mail = (await mailsTo(store.email)).find((m) => m.kind === "staff-deleted");
      expect(mail?.text).toContain("本人からの削除依頼");
      expect((await db().select().from(logs).where(eq(logs.target_id, staff.uid)))[0]).toMatchObject({
        action: "deleted",
        actor_uid: op.uid,
      });
      expect(await auditOf("staff.delete", staff.uid)).toHaveLength(1);
      expect(
        await deleteStaffAsOperator({ ...context, actor, input: { staffId: staff.uid, reason: "x" } }),
      ).toEqual({
        ok: false,
        error: "deleted",
      });
    });

    it("login reset: a temporary password shown once, never stored or logged; old password and sessions gone", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid, { name: "ひかり" });
      await sessionCookie(context, "staff", staff.loginId, FACTORY_PASSWORD);
      // Locked out after wrong passwords from elsewhere.
      for (let i = 0; i < 3; i++)
        await signIn({
          db: db(),
          auth: context.auth,
          clientIp: `203.0.113.${i + 1}`,
          input: { role: "staff", identifier: staff.loginId, password: `wrong-password-${i}` },
        });
      expect(
        (
          await db()
            .select()
            .from(rateLimits)
            .where(sql`${rateLimits.key} like ${`login:account%uid:${staff.uid}%`}`)
        ).length,
      ).toBeGreaterThan(0);

      const answer = await call(adminStaff.action, {
        context,
        url: `/admin/staff/${staff.uid}`,
        method: "POST",
        cookie: opCookie,
        body: form({ intent: "reset_login" }),
        params: { id: staff.uid },
      });
      expect(answer.status).toBe(200);
      const login = (answer.body as { login: { loginId: string; password: string } }).login;
      expect(login.loginId).toBe(staff.loginId);
      expect(login.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

      expect(await db().select().from(session).where(eq(session.userId, staff.uid))).toEqual([]);
      expect(
        (
          await db()
            .select()
            .from(rateLimits)
            .where(sql`${rateLimits.key} like ${`login:account%uid:${staff.uid}%`}`)
        ).length,
      ).toBe(0);
      const old = await signIn({
        db: db(),
        auth: context.auth,
        clientIp: "198.51.100.9",
        input: { role: "staff", identifier: staff.loginId, password: FACTORY_PASSWORD },
      });
      expect(old).toMatchObject({ ok: false, error: "wrong_password" });
      const fresh = await signIn({
        db: db(),
        auth: context.auth,
        clientIp: "198.51.100.9",
        input: { role: "staff", identifier: staff.loginId, password: login.password },
      });
      expect(fresh.ok).toBe(true);

      // Nowhere on record: not the audit log, not the store's log, not the mail.
      const [audit] = await auditOf("staff.reset_login", staff.uid);
      expect(audit).toBeDefined();
      expect(JSON.stringify(audit)).not.toContain(login.password);
      const mail = (await mailsTo(store.email)).find((m) => m.kind === "staff-password-reset");
      expect(mail?.text).toContain("ひかり");
      expect(`${mail?.text}${mail?.html}`).not.toContain(login.password);
      const storeLog = await db().select().from(logs).where(eq(logs.target_id, staff.uid));
      expect(JSON.stringify(storeLog)).not.toContain(login.password);
      // The page that answered showed it; the page loaded again does not.
      const reloaded = await call(adminStaff.loader, {
        context,
        url: `/admin/staff/${staff.uid}`,
        cookie: opCookie,
        params: { id: staff.uid },
      });
      expect(JSON.stringify(reloaded.body)).not.toContain(login.password);
    });

    it("a deleted performer's login is not reset", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid, { status: "deleted" });
      expect(await resetStaffLogin({ ...context, actor, input: { staffId: staff.uid } })).toEqual({
        ok: false,
        error: "deleted",
      });
    });
  });

  describe("remote configuration", () => {
    it("typed values with Japanese messages, audited; the server's accessor and GET /api/config with ETag", async () => {
      const values = await readRemoteConfig(db(), { fresh: true });
      expect(values).toEqual(REMOTE_CONFIG_DEFAULTS);

      for (const [raw, message] of [
        ["たくさん", "半角または全角の数字で入力してください"],
        ["12.5", "小数点のない整数で入力してください"],
        ["0", "1人以上10,000人以下で入力してください"],
      ] as const) {
        const refused = await call(adminConfig.action, {
          context,
          url: "/admin/config",
          method: "POST",
          cookie: opCookie,
          body: form({ key: "live_max_viewers", value: raw, intent: "save" }),
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({
          key: "live_max_viewers",
          values: { value: raw },
          errors: { value: message },
        });
      }
      const saved = await call(adminConfig.action, {
        context,
        url: "/admin/config",
        method: "POST",
        cookie: opCookie,
        body: form({ key: "live_max_viewers", value: "１，２００", intent: "save" }),
      });
      expect(saved).toMatchObject({
        status: 302,
        location: "/admin/config?done=saved#config-live_max_viewers",
      });
      expect(await remoteConfigValue(db(), "live_max_viewers")).toBe(1200);
      expect(await auditOf("config.update", "live_max_viewers")).toMatchObject([
        { details: { from: null, to: 1200, default: 50 } },
      ]);

      expect(
        await setRemoteConfigValue({
          db: db(),
          actor,
          input: { key: "blocked_words", raw: "ばか\r\n  \r\nNG ワード  \n" },
        }),
      ).toEqual({
        ok: true,
        changed: true,
      });
      expect(await remoteConfigValue(db(), "blocked_words")).toBe("ばか\n\nNG ワード");
      expect(
        await setRemoteConfigValue({ db: db(), actor, input: { key: "shop_entry_open", raw: "maybe" } }),
      ).toEqual({
        ok: false,
        error: "invalid",
        message: "どちらかを選んでください",
      });
      expect(
        await setRemoteConfigValue({ db: db(), actor, input: { key: "no_such_key", raw: "1" } }),
      ).toMatchObject({ ok: false });

      // GET /api/config: only the keys for browsers, cacheable, revalidated with a 304.
      const first = await call(apiConfig.loader, { context, url: "/api/config" });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        values: {
          fan_level_thresholds: "50,150,400,1000,2500,6000,15000,40000,100000",
          gift_confirm_coins: 1000,
          gift_tier_coins: "100,1000",
          live_max_viewers: 1200,
          payout_min_yen: 5000,
          shop_entry_open: true,
        },
      });
      const response = (await apiConfig.loader({
        request: new Request("http://x/api/config"),
        context,
        params: {},
      } as never)) as Response;
      const etag = response.headers.get("ETag");
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
      const revalidated = (await apiConfig.loader({
        request: new Request("http://x/api/config", { headers: { "If-None-Match": `W/${etag}` } }),
        context,
        params: {},
      } as never)) as Response;
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");

      // Reset: the default again, and a new body (so a new ETag).
      expect(
        await setRemoteConfigValue({ db: db(), actor, input: { key: "live_max_viewers", reset: true } }),
      ).toEqual({ ok: true, changed: true });
      expect(await remoteConfigValue(db(), "live_max_viewers")).toBe(50);
      const after = (await apiConfig.loader({
        request: new Request("http://x/api/config", { headers: { "If-None-Match": etag! } }),
        context,
        params: {},
      } as never)) as Response;
      expect(after.status).toBe(200);
      expect(await auditOf("config.reset", "live_max_viewers")).toHaveLength(1);
    });

    it("a stored value the key no longer accepts falls back to the default", async () => {
      await db()
        .insert(remoteConfigValues)
        .values({ key: "payout_min_yen", value: "五千" })
        .onConflictDoUpdate({
          target: remoteConfigValues.key,
          set: { value: "五千" },
        });
      expect((await readRemoteConfig(db(), { fresh: true })).payout_min_yen).toBe(5000);
      await db().delete(remoteConfigValues).where(eq(remoteConfigValues.key, "payout_min_yen"));
    });

    it("shop_entry_open switched off closes the listing request form", async () => {
      const shopEntry = await import("~/routes/inquiry/shop-entry");
      await setRemoteConfigValue({ db: db(), actor, input: { key: "shop_entry_open", raw: "false" } });
      const page = await call(shopEntry.loader, { context, url: "/shop_entry" });
      expect(page.body).toMatchObject({ open: false });
      await setRemoteConfigValue({ db: db(), actor, input: { key: "shop_entry_open", reset: true } });
      expect((await call(shopEntry.loader, { context, url: "/shop_entry" })).body).toMatchObject({
        open: true,
      });
    });
  });

  describe("dashboard", () => {
    it("counts what waits and the day's figures per Tokyo calendar day", async () => {
      // 23:30 on the 10th in Tokyo is the 10th; 00:30 on the 11th is the 11th (UTC 14:30 / 15:30 of the 10th).
      const now = new Date("2031-03-11T03:00:00Z"); // 12:00 on the 11th in Tokyo
      const onTenth = new Date("2031-03-10T14:30:00Z");
      const onEleventh = new Date("2031-03-10T15:30:00Z");
      const a = await makeListener(db());
      const b = await makeListener(db());
      const c = await makeListener(db());
      const { listeners } = await import("~/.server/db/schema");
      await db().update(listeners).set({ created_at: onTenth }).where(eq(listeners.uid, a.uid));
      await db().update(listeners).set({ created_at: onEleventh }).where(eq(listeners.uid, b.uid));
      await db().update(listeners).set({ created_at: onEleventh }).where(eq(listeners.uid, c.uid));

      const dashboard = await getAdminDashboard({ db: db(), actor, now });
      expect(dashboard.today).toBe("2031-03-11");
      const figure = dashboard.figures.find((f) => f.key === "newListeners")!;
      expect(figure.series).toHaveLength(30);
      expect(figure.series.at(-1)).toEqual({ day: "2031-03-11", value: 2 });
      expect(figure.series.at(-2)).toEqual({ day: "2031-03-10", value: 1 });
      expect(figure.today).toBe(2);
      expect(figure.series[0]?.day).toBe(tokyoDays(now).days[0]);

      const waiting = dashboard.actions.find((t) => t.key === "storesAwaitingReview")!;
      const [{ n } = { n: 0 }] = await db()
        .select({ n: count() })
        .from(livers)
        .leftJoin(storeReviews, eq(storeReviews.liver_id, livers.uid))
        .where(and(isNull(storeReviews.liver_id), sql`${livers.status} <> 'deleted'`));
      expect(waiting.count).toBe(n);
      expect(waiting.to).toBe("/admin/stores?review=waiting");
      expect(dashboard.actions.map((t) => t.key)).toEqual([
        "openReports",
        "pendingAgeVerifications",
        "newShopEntryRequests",
        "newContactMessages",
        "failedMails",
        "storesAwaitingReview",
        "payoutsDue",
      ]);
    });
  });

  it("every new action is in the audit log with who did it", async () => {
    const actions = await db()
      .select({
        action: operatorAuditLog.action,
        uid: operatorAuditLog.operator_uid,
        email: operatorAuditLog.operator_email,
      })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.operator_uid, op.uid));
    const names = new Set(actions.map((a) => a.action));
    for (const action of [
      "store.suspend",
      "store.unsuspend",
      "store.status",
      "store.plan",
      "store.limit_staff",
      "store.order",
      "stores.reorder",
      "store.review",
      "staff.hide",
      "staff.unhide",
      "staff.delete",
      "staff.reset_login",
      "config.update",
      "config.reset",
    ])
      expect(names, action).toContain(action);
    expect(actions.every((a) => a.email === op.email)).toBe(true);
    // Nothing in staff_hides or suspensions lacks its operator.
    const [orphan] = await db().select({ n: count() }).from(staffHides).where(isNull(staffHides.hidden_by));
    expect(orphan?.n).toBe(0);
  });
});
