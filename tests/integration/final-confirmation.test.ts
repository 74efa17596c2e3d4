/**
 * The final confirmation (ADR 0052) through the route modules, with the test provider: a coin
 * purchase and a plan subscription start only from their confirmation, with the key of the terms
 * it showed; a post without it (or the coin page's old form) is sent to the confirmation and
 * orders nothing; terms changed since the screen are refused and shown again; `return=` (ADR 0043)
 * rides through.
 */
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coinOrders, coinPacks, plans, storeBilling } from "~/.server/db/schema";
import { type ConfirmationItem, FINAL_CONFIRMATION_TEXTS } from "~/domain/final-confirmation";
import * as coinPage from "~/routes/listener/coin";
import * as coinConfirm from "~/routes/listener/coin-confirm";
import * as payment from "~/routes/liver/mypage-payment";
import * as planConfirm from "~/routes/liver/mypage-payment-confirm";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver } from "../support/factories";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

describe.each(drivers)("the final confirmation on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  const cookies = { listener: "", store: "" };
  let listenerId = "";
  let storeId = "";
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "confirm" });
    rc = routeContext(db());
    const listener = await makeListener(db());
    listenerId = listener.uid;
    cookies.listener = await sessionCookie(rc.context, "listener", listener.email, FACTORY_PASSWORD);
    const store = await makeLiver(db(), { plan_id: "standard" });
    storeId = store.uid;
    cookies.store = await sessionCookie(rc.context, "liver", store.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(rc.dataDir, { recursive: true, force: true });
  });

  type RouteFn = Parameters<typeof call>[0];
  const get = (loader: RouteFn, url: string, cookie: string) =>
    call(loader, { context: rc.context, url, cookie });
  const post = (action: RouteFn, url: string, cookie: string, values: Record<string, string>) =>
    call(action, { context: rc.context, url, cookie, method: "POST", body: form(values) });
  const orders = async () => db().select().from(coinOrders).where(eq(coinOrders.listener_id, listenerId));
  const billing = async () => db().select().from(storeBilling).where(eq(storeBilling.liver_id, storeId));
  type CoinShown = { terms: string; items: ConfirmationItem[]; pack: { price_jpy: number } };
  const shownCoins = async (url: string) => {
    const answer = await get(coinConfirm.loader, url, cookies.listener);
    expect(answer.status).toBe(200);
    return answer.body as CoinShown;
  };

  describe("a coin purchase", () => {
    const url = "/listener/coin/confirm?pack=coins-500";

    it("shows the pack's terms and the key of them, and orders nothing", async () => {
      const shown = await shownCoins(url);
      expect(shown.items.map((item) => item.key)).toContain("cancellation");
      expect(shown.pack.price_jpy).toBe(500);
      expect(shown.terms).toBe("coin:coins-500:500+0:500");
      expect(await orders()).toHaveLength(0);
    });

    it.each([
      ["no pack", "/listener/coin/confirm", 302, "/listener/coin"],
      [
        "no pack, a way back",
        "/listener/coin/confirm?return=%2Flistener%2Flive%2Fa",
        302,
        "/listener/coin?return=%2Flistener%2Flive%2Fa",
      ],
      ["a pack not on sale", "/listener/coin/confirm?pack=nope", 404, null],
      ["a pack id no pack has", "/listener/coin/confirm?pack=a%00b", 404, null],
      ["a way back to another site", `${url}&return=https%3A%2F%2Fevil.example%2F`, 400, null],
    ])("answers %s with %s", async (_what, path, status, location) => {
      const answer = await get(coinConfirm.loader, path, cookies.listener);
      expect(answer.status).toBe(status);
      expect(answer.location).toBe(location);
    });

    it.each([
      ["no key of the terms", { intent: "checkout", pack_id: "coins-500" }],
      ["an empty key", { intent: "checkout", pack_id: "coins-500", confirmed_terms: "" }],
      ["no intent", { pack_id: "coins-500", confirmed_terms: "coin:coins-500:500+0:500" }],
      [
        "another intent",
        { intent: "buy", pack_id: "coins-500", confirmed_terms: "coin:coins-500:500+0:500" },
      ],
    ])("sends a post with %s to the confirmation, ordering nothing", async (_what, values) => {
      const answer = await post(coinConfirm.action, url, cookies.listener, values);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(url);
      expect(await orders()).toHaveLength(0);
    });

    it("sends the coin page's old pack form to the confirmation with the way back, ordering nothing", async () => {
      const answer = await post(coinPage.action, "/listener/coin", cookies.listener, {
        pack_id: "coins-500",
        return: "/listener/live/abc",
      });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/listener/coin/confirm?pack=coins-500&return=%2Flistener%2Flive%2Fabc");
      const nothing = await post(coinPage.action, "/listener/coin", cookies.listener, { pack_id: "../x" });
      expect(nothing.location).toBe("/listener/coin");
      expect(await orders()).toHaveLength(0);
    });

    it("refuses terms changed since the screen, shows the new ones, then starts with them", async () => {
      const before = await shownCoins(url);
      await db().update(coinPacks).set({ price_jpy: 550 }).where(eq(coinPacks.pack_id, "coins-500"));
      try {
        const stale = await post(coinConfirm.action, url, cookies.listener, {
          intent: "checkout",
          pack_id: "coins-500",
          confirmed_terms: before.terms,
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toEqual({ error: FINAL_CONFIRMATION_TEXTS.termsChanged });
        expect(await orders()).toHaveLength(0);
        const now = await shownCoins(url);
        expect(now.pack.price_jpy).toBe(550);
        expect(now.items.find((item) => item.key === "price")?.value).toBe("¥550");
        const started = await post(coinConfirm.action, url, cookies.listener, {
          intent: "checkout",
          pack_id: "coins-500",
          confirmed_terms: now.terms,
        });
        expect(started.status).toBe(302);
        expect(started.location).toMatch(/^\/listener\/coin\/test-checkout\/cs_test_local_/);
        const made = await orders();
        expect(made).toHaveLength(1);
        expect(made[0]).toMatchObject({ pack_id: "coins-500", price_jpy: 550, status: "pending" });
      } finally {
        await db().update(coinPacks).set({ price_jpy: 500 }).where(eq(coinPacks.pack_id, "coins-500"));
      }
    });

    it("carries the way back to the provider's page", async () => {
      const withReturn = `${url}&return=${encodeURIComponent("/listener/live/abc")}`;
      const shown = await shownCoins(withReturn);
      const started = await post(coinConfirm.action, withReturn, cookies.listener, {
        intent: "checkout",
        pack_id: "coins-500",
        confirmed_terms: shown.terms,
        return: "/listener/live/abc",
      });
      expect(started.status).toBe(302);
      expect(new URL(started.location!, "http://x").searchParams.get("return")).toBe("/listener/live/abc");
    });

    it("is the listener's only: a store is turned away before anything is read", async () => {
      const answer = await post(coinConfirm.action, url, cookies.store, {
        intent: "checkout",
        pack_id: "coins-500",
        confirmed_terms: "coin:coins-500:500+0:500",
      });
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/listener\/login\?/);
    });
  });

  describe("a plan subscription", () => {
    const url = "/liver/mypage/payment/confirm";
    type PlanShown = {
      terms: string;
      items: ConfirmationItem[];
      plan: { id: string; monthly_price: number };
    };
    const shownPlan = async () => {
      const answer = await get(planConfirm.loader, url, cookies.store);
      expect(answer.status).toBe(200);
      return answer.body as PlanShown;
    };

    it("shows the plan the subscription bills, with renewal, cancellation and arrears", async () => {
      const shown = await shownPlan();
      expect(shown.plan.id).toBe("standard");
      expect(shown.items.map((item) => item.key)).toEqual(
        expect.arrayContaining(["renewal", "cancellation", "failed_payment", "plan_change"]),
      );
      expect(await billing()).toHaveLength(0);
    });

    it.each([
      ["the payment page's subscribe form", payment.action, "/liver/mypage/payment", { intent: "subscribe" }],
      ["no key of the terms", planConfirm.action, url, { intent: "subscribe" }],
      ["another intent", planConfirm.action, url, { intent: "cancel", confirmed_terms: "x" }],
    ])("sends %s to the confirmation, starting nothing", async (_what, action, path, values) => {
      const answer = await post(action as RouteFn, path, cookies.store, values);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(url);
      expect(await billing()).toHaveLength(0);
    });

    it("refuses a price changed since the screen, then starts with the terms shown again", async () => {
      const before = await shownPlan();
      const [standard] = await db().select().from(plans).where(eq(plans.id, "standard"));
      await db()
        .update(plans)
        .set({ monthly_price: standard!.monthly_price + 1000 })
        .where(eq(plans.id, "standard"));
      try {
        const stale = await post(planConfirm.action, url, cookies.store, {
          intent: "subscribe",
          confirmed_terms: before.terms,
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toEqual({ error: FINAL_CONFIRMATION_TEXTS.termsChanged });
        expect(await billing()).toHaveLength(0);
        const now = await shownPlan();
        expect(now.plan.monthly_price).toBe(standard!.monthly_price + 1000);
        const started = await post(planConfirm.action, url, cookies.store, {
          intent: "subscribe",
          confirmed_terms: now.terms,
        });
        expect(started.status).toBe(302);
        expect(started.location).toMatch(/^\/liver\/mypage\/payment\/test-checkout\/cs_test_bill_/);
        expect(await billing()).toMatchObject([{ status: "incomplete", plan_id: "standard" }]);
      } finally {
        await db()
          .update(plans)
          .set({ monthly_price: standard!.monthly_price })
          .where(eq(plans.id, "standard"));
      }
    });

    it("sends a store already subscribed back to プラン・お支払い", async () => {
      await db().update(storeBilling).set({ status: "active" }).where(eq(storeBilling.liver_id, storeId));
      const answer = await get(planConfirm.loader, url, cookies.store);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/liver/mypage/payment");
    });
  });
});
