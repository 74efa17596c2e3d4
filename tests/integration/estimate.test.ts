import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceSystem } from "~/domain/price-system";
import { loader as estimateLoader } from "~/routes/api/liver-estimate";
import { loader as liverPageLoader } from "~/routes/public/liver-page";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver } from "../support/factories";
import { call, routeContext } from "../support/routes";

/**
 * `GET /api/livers/{id}/estimate` (ADR 0057) through its route module: the answer's shape, the
 * 400s naming the field in Japanese, the 404 of a store that is not public, and the store page
 * that keeps rendering (200) with the calculator's message. One plain select by key: one database.
 */

const SYSTEM: PriceSystem = {
  sets: [
    { start_time: "20:00", end_time: "21:00", minutes: 60, price: 5000, label: "" },
    { start_time: "21:00", end_time: "LAST", minutes: 60, price: 7000, label: "" },
  ],
  extension: { minutes: 30, price: 3000 },
  nomination_fee: 2000,
  in_store_nomination_fee: null,
  companion_fee: null,
  table_charge: null,
  service_charge_percent: 20,
  tax_percent: 10,
  drinks: [],
  payment_methods: ["cash"],
  note: "",
};

describe.each(drivers.slice(0, 1))("the estimated bill on %s", (driver) => {
  let database: TestDatabase;
  let context: ReturnType<typeof routeContext>["context"];
  const store = { priced: "", bare: "", hidden: "" };

  const api = (id: string, query: string) =>
    call(estimateLoader, { context, url: `/api/livers/${id}/estimate?${query}`, params: { id } });

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "estimate" });
    context = routeContext(database.db).context;
    store.priced = (
      await makeLiver(database.db, {
        price_system: SYSTEM,
        first_visit: { price_jpy: 3000, minutes: 60, includes: "飲み放題" },
      })
    ).uid;
    store.bare = (await makeLiver(database.db, { price_system: null })).uid;
    store.hidden = (await makeLiver(database.db, { price_system: SYSTEM, status: "private" })).uid;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("answers the bill: first visit, a regular set, an extension, nomination, service and tax", async () => {
    const answer = await api(store.priced, "people=2&sets=2&extensions=1&first_visit=true&nomination=1");
    expect(answer.status).toBe(200);
    // 3,000×2 + 5,000×2 + 3,000×2 + 2,000×2 = 26,000; service ⌊20%⌋ 5,200; tax ⌊10% of 31,200⌋ 3,120.
    expect(answer.body).toEqual({
      liver_id: store.priced,
      query: { people: 2, sets: 2, extensions: 1, set: 0, first_visit: true, nomination: true },
      estimate: {
        set_index: 0,
        items: [
          { kind: "first_visit", label: "初回料金（60分）", detail: "¥3,000 × 2名", amount: 6000 },
          {
            kind: "set",
            label: "セット料金（20:00〜21:00・60分）",
            detail: "¥5,000 × 2名",
            amount: 10000,
          },
          { kind: "extension", label: "延長（30分）", detail: "¥3,000 × 2名 × 1回", amount: 6000 },
          { kind: "nomination", label: "指名料", detail: "¥2,000 × 2セット", amount: 4000 },
        ],
        subtotal: 26000,
        service_charge_percent: 20,
        service_charge: 5200,
        tax_percent: 10,
        tax: 3120,
        total: 34320,
        minutes: 150,
        from: false,
        notes: ["初回料金に含まれるもの：飲み放題"],
      },
      message: null,
    });
  });

  it.each([
    ["people=0", "people", "人数は1〜20人で指定してください"],
    ["sets=100", "sets", "セット数は1〜10セットで指定してください"],
    ["people=abc", "people", "人数は1〜20人で指定してください"],
    ["set=5", "set", "セット（時間帯）は料金表の中から選んでください"],
  ])("?%s → 400 naming the field in Japanese", async (query, field, message) => {
    const answer = await api(store.priced, query);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: "invalid-argument", field, message } },
    });
  });

  it("a store without set prices: no estimate, and why", async () => {
    const answer = await api(store.bare, "people=2");
    expect(answer).toMatchObject({
      status: 200,
      body: { estimate: null, message: expect.stringContaining("セット料金が登録されていない") },
    });
  });

  it.each([
    ["an unknown store", () => "no-such-store"],
    ["a private store", () => store.hidden],
  ])("%s → 404 as GET /api/livers/{id}", async (_name, id) => {
    const answer = await api(id(), "people=2");
    expect(answer).toMatchObject({
      status: 404,
      body: { error: { code: "not-found", message: "店舗が見つかりません" } },
    });
  });

  it("the store page stays 200 with the calculator's message and the values kept", async () => {
    const answer = await call(liverPageLoader, {
      context,
      url: `/listener/liver/${store.priced}?people=0&sets=2`,
      params: { id: store.priced },
    });
    expect(answer.status).toBe(200);
    expect((answer.body as { estimate: unknown }).estimate).toEqual({
      values: { people: "0", sets: "2" },
      errors: { people: "人数は1〜20人で指定してください" },
    });
  });
});
