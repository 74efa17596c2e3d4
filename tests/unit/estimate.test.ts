import { describe, expect, it } from "vitest";
import {
  type BillEstimate,
  defaultSetIndex,
  ESTIMATE_TEXTS,
  type EstimateQuery,
  estimateBill,
  type FirstVisitOffer,
  percentOf,
} from "~/domain/estimate";
import { parseEstimateQuery } from "~/domain/estimate-query";
import type { PriceSet, PriceSystem } from "~/domain/price-system-display";

/** The estimated bill (ADR 0057): service on the subtotal, tax on subtotal + service, each ⌊⌋ to the yen. */

const set = (
  price: number,
  minutes = 60,
  label = "",
  start_time = "20:00",
  end_time = "21:00",
): PriceSet => ({
  start_time,
  end_time,
  minutes,
  price,
  label,
});

/** ¥5,000 (20–21), ¥7,000 (21–LAST), ¥3,000 初回; extension 30 min ¥3,000; 指名 ¥2,000; 20% + 10%. */
const SYSTEM: PriceSystem = {
  sets: [set(5000), set(7000, 60, "", "21:00", "LAST"), set(3000, 60, "初回")],
  extension: { minutes: 30, price: 3000 },
  nomination_fee: 2000,
  in_store_nomination_fee: 1000,
  companion_fee: null,
  table_charge: null,
  service_charge_percent: 20,
  tax_percent: 10,
  drinks: [],
  payment_methods: [],
  note: "",
};

const OFFER: FirstVisitOffer = { price_jpy: 3000, minutes: 60, includes: "飲み放題" };

const Q: EstimateQuery = {
  people: 1,
  sets: 1,
  extensions: 0,
  set: null,
  first_visit: false,
  nomination: false,
};

type Expected = Pick<BillEstimate, "subtotal" | "service_charge" | "tax" | "total"> &
  Partial<Pick<BillEstimate, "set_index" | "minutes" | "from">> & { lines?: number[]; notes?: string[] };

const BIG = 9_999_999;

describe("estimateBill", () => {
  it.each<[string, Partial<PriceSystem>, FirstVisitOffer | null, Partial<EstimateQuery>, Expected]>([
    [
      "one person, one set: the cheapest set without a label",
      {},
      null,
      {},
      {
        set_index: 0,
        subtotal: 5000,
        service_charge: 1000,
        tax: 600,
        total: 6600,
        minutes: 60,
        lines: [5000],
      },
    ],
    [
      "2 people × 2 sets",
      {},
      null,
      { people: 2, sets: 2 },
      { subtotal: 20000, service_charge: 4000, tax: 2400, total: 26400, minutes: 120 },
    ],
    [
      "the chosen set (21:00〜LAST)",
      {},
      null,
      { set: 1 },
      { set_index: 1, subtotal: 7000, service_charge: 1400, tax: 840, total: 9240 },
    ],
    [
      "2 extensions for 2 people",
      {},
      null,
      { people: 2, extensions: 2 },
      { subtotal: 22000, service_charge: 4400, tax: 2640, total: 29040, minutes: 120, lines: [10000, 12000] },
    ],
    [
      "nomination once per set",
      {},
      null,
      { sets: 2, nomination: true },
      { subtotal: 14000, service_charge: 2800, tax: 1680, total: 18480, lines: [10000, 4000] },
    ],
    [
      "first visit: the profile's offer for 2 people",
      {},
      OFFER,
      { people: 2, first_visit: true },
      {
        subtotal: 6000,
        service_charge: 1200,
        tax: 720,
        total: 7920,
        lines: [6000],
        notes: [ESTIMATE_TEXTS.includes("飲み放題")],
      },
    ],
    [
      "first visit then one regular set",
      {},
      OFFER,
      { sets: 2, first_visit: true },
      { subtotal: 8000, service_charge: 1600, tax: 960, total: 10560, minutes: 120, lines: [3000, 5000] },
    ],
    [
      "first visit with nomination and an extension",
      {},
      OFFER,
      { sets: 2, extensions: 1, first_visit: true, nomination: true },
      {
        subtotal: 15000,
        service_charge: 3000,
        tax: 1800,
        total: 19800,
        minutes: 150,
        lines: [3000, 5000, 3000, 4000],
      },
    ],
    [
      "first visit without an offer: the set labelled 初回",
      {},
      null,
      { first_visit: true },
      { subtotal: 3000, service_charge: 600, tax: 360, total: 3960, lines: [3000], notes: [] },
    ],
    [
      "first visit without any: regular price and a note",
      { sets: [set(5000)] },
      null,
      { first_visit: true },
      {
        subtotal: 5000,
        service_charge: 1000,
        tax: 600,
        total: 6600,
        from: false,
        notes: [ESTIMATE_TEXTS.no_first_visit],
      },
    ],
    [
      "a free first visit with blank includes, then a set",
      {},
      { price_jpy: 0, minutes: 40, includes: " " },
      { sets: 2, first_visit: true },
      {
        subtotal: 5000,
        service_charge: 1000,
        tax: 600,
        total: 6600,
        minutes: 100,
        lines: [0, 5000],
        notes: [],
      },
    ],
    [
      "table charge per person",
      { table_charge: 1000 },
      null,
      { people: 3 },
      { subtotal: 18000, service_charge: 3600, tax: 2160, total: 23760, lines: [15000, 3000] },
    ],
    [
      "a table charge of 0 is no line",
      { table_charge: 0 },
      null,
      {},
      { subtotal: 5000, service_charge: 1000, tax: 600, total: 6600, lines: [5000] },
    ],
    [
      "null percentages: included, nothing added",
      { service_charge_percent: null, tax_percent: null },
      null,
      {},
      { subtotal: 5000, service_charge: 0, tax: 0, total: 5000, notes: [ESTIMATE_TEXTS.no_surcharges] },
    ],
    [
      "0 percentages: nothing added, no note",
      { service_charge_percent: 0, tax_percent: 0 },
      null,
      {},
      { subtotal: 5000, service_charge: 0, tax: 0, total: 5000, notes: [] },
    ],
    [
      "tax only",
      { service_charge_percent: null },
      null,
      {},
      { subtotal: 5000, service_charge: 0, tax: 500, total: 5500 },
    ],
    [
      "service only",
      { tax_percent: null },
      null,
      {},
      { subtotal: 5000, service_charge: 1000, tax: 0, total: 6000 },
    ],
    [
      "TAX・サービス料 as one 35%",
      { service_charge_percent: null, tax_percent: 35 },
      null,
      { people: 2 },
      { subtotal: 10000, service_charge: 0, tax: 3500, total: 13500 },
    ],
    [
      "rounding down: 15.5% of ¥3,333 = 516.6…; 10% of 3,849 = 384.9",
      { sets: [set(3333)], service_charge_percent: 15.5 },
      null,
      {},
      { subtotal: 3333, service_charge: 516, tax: 384, total: 4233 },
    ],
    [
      "tax on subtotal + service: 8% of (999 + 99)",
      { sets: [set(999)], service_charge_percent: 10, tax_percent: 8 },
      null,
      {},
      { subtotal: 999, service_charge: 99, tax: 87, total: 1185 },
    ],
    [
      "no float error: 8.7% of ¥3,000 is exactly 261",
      { sets: [set(3000)], service_charge_percent: 8.7, tax_percent: null },
      null,
      {},
      { subtotal: 3000, service_charge: 261, tax: 0, total: 3261 },
    ],
    [
      "no extension listed: left out, from",
      { extension: null },
      null,
      { extensions: 1 },
      {
        subtotal: 5000,
        service_charge: 1000,
        tax: 600,
        total: 6600,
        from: true,
        notes: [ESTIMATE_TEXTS.no_extension],
      },
    ],
    [
      "no nomination fee listed: left out, from",
      { nomination_fee: null },
      null,
      { nomination: true },
      {
        subtotal: 5000,
        service_charge: 1000,
        tax: 600,
        total: 6600,
        from: true,
        notes: [ESTIMATE_TEXTS.no_nomination],
      },
    ],
    [
      "all labelled: the cheapest of them",
      { sets: [set(4000, 60, "女性"), set(2000, 60, "初回")] },
      null,
      {},
      { set_index: 1, subtotal: 2000, service_charge: 400, tax: 240, total: 2640 },
    ],
    [
      "the largest query stays exact",
      { sets: [set(BIG)], extension: { minutes: 30, price: BIG }, nomination_fee: BIG },
      null,
      { people: 20, sets: 10, extensions: 10, nomination: true },
      {
        subtotal: 4_099_999_590,
        service_charge: 819_999_918,
        tax: 491_999_950,
        total: 5_411_999_458,
        minutes: 900,
      },
    ],
  ])("%s", (_name, system, offer, query, expected) => {
    const result = estimateBill({ ...SYSTEM, ...system }, offer, { ...Q, ...query });
    if (!result.ok) throw new Error(result.message);
    const { estimate } = result;
    expect(estimate).toMatchObject({
      subtotal: expected.subtotal,
      service_charge: expected.service_charge,
      tax: expected.tax,
      total: expected.total,
      from: expected.from ?? false,
    });
    expect(estimate.subtotal).toBe(estimate.items.reduce((sum, item) => sum + item.amount, 0));
    if (expected.set_index !== undefined) expect(estimate.set_index).toBe(expected.set_index);
    if (expected.minutes !== undefined) expect(estimate.minutes).toBe(expected.minutes);
    if (expected.lines) expect(estimate.items.map((item) => item.amount)).toEqual(expected.lines);
    if (expected.notes) expect(estimate.notes).toEqual(expected.notes);
  });

  it.each<[string, PriceSystem | null, Partial<EstimateQuery>, string]>([
    ["no price system", null, {}, "no_sets"],
    ["a price system without sets", { ...SYSTEM, sets: [] }, {}, "no_sets"],
    ["a set index the store does not have", SYSTEM, { set: 5 }, "invalid"],
  ])("%s → %s", (_name, system, query, error) => {
    const result = estimateBill(system, OFFER, { ...Q, ...query });
    expect(result.ok ? "ok" : result.error).toBe(error);
  });

  it("labels the lines in Japanese", () => {
    const result = estimateBill({ ...SYSTEM, table_charge: 1000 }, OFFER, {
      ...Q,
      people: 2,
      sets: 3,
      extensions: 1,
      first_visit: true,
      nomination: true,
    });
    expect(result.ok && result.estimate.items.map((item) => `${item.label} ${item.detail}`)).toEqual([
      "初回料金（60分） ¥3,000 × 2名",
      "セット料金（20:00〜21:00・60分） ¥5,000 × 2名 × 2セット",
      "延長（30分） ¥3,000 × 2名 × 1回",
      "指名料 ¥2,000 × 3セット",
      "テーブルチャージ ¥1,000 × 2名",
    ]);
  });
});

describe("defaultSetIndex and percentOf", () => {
  it.each<[string, PriceSet[], number]>([
    ["the cheapest without a label", [set(7000), set(3000, 60, "初回"), set(5000)], 2],
    ["ties: the first", [set(5000), set(5000)], 0],
    ["only labelled sets: the cheapest", [set(4000, 60, "女性"), set(2000, 60, "初回")], 1],
    ["none", [], -1],
  ])("%s", (_name, sets, index) => {
    expect(defaultSetIndex(sets)).toBe(index);
  });

  it.each([
    [3000, 8.7, 261],
    [3333, 15.5, 516],
    [1098, 8, 87],
    [100, 0, 0],
    [1, 99.9, 0],
  ])("⌊%i × %s%⌋ = %i", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});

describe("the estimate query (Japanese messages naming the field, never the parameter)", () => {
  it.each<[string, string, Partial<EstimateQuery> | string]>([
    [
      "nothing: the defaults",
      "",
      { people: 1, sets: 1, extensions: 0, set: null, first_visit: false, nomination: false },
    ],
    [
      "everything",
      "people=3&sets=2&extensions=1&set=1&first_visit=true&nomination=1",
      { people: 3, sets: 2, extensions: 1, set: 1, first_visit: true, nomination: true },
    ],
    [
      "full-width digits and a checkbox's on",
      "people=%EF%BC%92&first_visit=on",
      { people: 2, first_visit: true },
    ],
    ["0 people", "people=0", "人数は1〜20人で指定してください"],
    ["21 people", "people=21", "人数は1〜20人で指定してください"],
    ["letters for people", "people=abc", "人数は1〜20人で指定してください"],
    ["a cleared people box", "people=", "人数は1〜20人で指定してください"],
    ["100 sets", "sets=100", "セット数は1〜10セットで指定してください"],
    ["0 sets", "sets=0", "セット数は1〜10セットで指定してください"],
    ["11 extensions", "extensions=11", "延長は0〜10回で指定してください"],
    ["negative extensions", "extensions=-1", "延長は0〜10回で指定してください"],
    ["a set that is not a number", "set=x", "セット（時間帯）は料金表の中から選んでください"],
    ["a set past the largest price system", "set=12", "セット（時間帯）は料金表の中から選んでください"],
    ["first_visit=maybe", "first_visit=maybe", "初回来店は「はい」か「いいえ」で指定してください"],
    ["nomination=2", "nomination=2", "指名は「あり」か「なし」で指定してください"],
  ])("%s", (_name, query, expected) => {
    const parsed = parseEstimateQuery(new URLSearchParams(query));
    if (typeof expected === "string") {
      expect(parsed.ok ? "accepted" : parsed.message).toBe(expected);
      expect(expected).not.toMatch(/people|sets|extensions|first_visit|nomination|set=/);
    } else {
      expect(parsed.ok && parsed.value).toMatchObject(expected);
    }
  });

  it("keeps every wrong field's message", () => {
    const parsed = parseEstimateQuery(new URLSearchParams("people=0&sets=100"));
    expect(parsed.ok ? null : [parsed.field, Object.keys(parsed.errors)]).toEqual([
      "people",
      ["people", "sets"],
    ]);
  });
});
