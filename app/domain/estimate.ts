import { formatYen } from "./format";
import { type PriceSet, type PriceSystem, percentLabel, priceSetTime } from "./price-system-display";

/*
 * The estimated bill (料金目安, ADR 0057): what a party pays for sets, extensions, a nomination and
 * the table charge, with the service charge and the consumption tax as the store's price system
 * states them (ADR 0009). One pure function for the store page (server and browser, live) and
 * `GET /api/livers/{id}/estimate`. No zod here: the store page computes in the browser without
 * loading it; the query's schema (estimate-query.ts) is built on the readers below.
 *
 * The rule (ADR 0057):
 *   subtotal       = sets + extensions + nomination + table charge (whole yen)
 *   service charge = ⌊subtotal × service%⌋
 *   tax            = ⌊(subtotal + service charge) × tax%⌋   (the service charge is part of the price)
 *   total          = subtotal + service charge + tax
 * Each surcharge is rounded down to the yen once on the bill, never per line and never to ¥100.
 * A null percentage is included in the prices or not charged: nothing is added.
 */

/**
 * The first-visit offer of the store profile (ADR 0056, store-intro.ts FirstVisit): yen per
 * person for the first set of `minutes`; `includes` is the store's own words (may be "").
 */
export interface FirstVisitOffer {
  price_jpy: number;
  minutes: number;
  includes: string;
}

/** What the visitor chooses: how many people, set periods and extensions, which set, and options. */
export interface EstimateQuery {
  people: number;
  /** Set periods in a row (1 = one set); the first one at the first-visit price when asked. */
  sets: number;
  /** Extensions after the sets. */
  extensions: number;
  /** Index into the price system's sets; null = the default set (defaultSetIndex). */
  set: number | null;
  first_visit: boolean;
  /** One performer nominated (指名) for the whole stay. */
  nomination: boolean;
}

export type EstimateField = keyof EstimateQuery;

export const ESTIMATE_LIMITS = {
  people: { min: 1, max: 20, default: 1 },
  sets: { min: 1, max: 10, default: 1 },
  extensions: { min: 0, max: 10, default: 0 },
} as const;
export type EstimateCountField = keyof typeof ESTIMATE_LIMITS;

/** The fields as visitors read them (the calculator's labels; the API's messages name them so). */
export const ESTIMATE_LABELS: Record<EstimateField, string> = {
  people: "人数",
  sets: "セット数",
  extensions: "延長",
  set: "セット（時間帯）",
  first_visit: "初回来店",
  nomination: "指名",
};

export const ESTIMATE_TEXTS = {
  heading: "料金目安",
  /** Under every total. */
  disclaimer: "実際の料金はお店にご確認ください（ドリンク代は含みません）",
  /** After a total that leaves out charges the price system does not list. */
  from: "登録されていない料金があるため、実際はこれより高くなることがあります",
  no_sets: "セット料金が登録されていないため、料金の目安は計算できません。お店にご確認ください",
  no_first_visit: "初回料金が登録されていないため、通常のセット料金で計算しています",
  no_extension: "延長料金が登録されていないため、延長分は含みません",
  no_nomination: "指名料が登録されていないため、指名料は含みません",
  no_surcharges: "サービス料・消費税の加算はありません（料金に含まれるか、かかりません）",
  includes: (what: string) => `初回料金に含まれるもの：${what}`,
} as const;

export const ESTIMATE_MESSAGES: Record<EstimateField, string> = {
  people: `人数は${ESTIMATE_LIMITS.people.min}〜${ESTIMATE_LIMITS.people.max}人で指定してください`,
  sets: `セット数は${ESTIMATE_LIMITS.sets.min}〜${ESTIMATE_LIMITS.sets.max}セットで指定してください`,
  extensions: `延長は${ESTIMATE_LIMITS.extensions.min}〜${ESTIMATE_LIMITS.extensions.max}回で指定してください`,
  set: "セット（時間帯）は料金表の中から選んでください",
  first_visit: "初回来店は「はい」か「いいえ」で指定してください",
  nomination: "指名は「あり」か「なし」で指定してください",
};

/** The most sets a price system holds (price-system.ts PRICE_SETS_MAX), the bound of `set`. */
export const ESTIMATE_SET_INDEX_MAX = 11;

export type FieldRead<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * One field of the query as typed or sent (undefined = absent, which takes the default).
 * Full-width digits are read; "" is refused for a count (a cleared box), read as absent otherwise.
 */
export function readEstimateField<F extends EstimateField>(
  field: F,
  raw: string | undefined,
): FieldRead<EstimateQuery[F]> {
  const fail = { ok: false, message: ESTIMATE_MESSAGES[field] } as const;
  const text = raw?.normalize("NFKC").trim();
  if (field === "first_visit" || field === "nomination") {
    if (text === undefined || text === "" || text === "0" || text === "false" || text === "off")
      return { ok: true, value: false as EstimateQuery[F] };
    if (text === "1" || text === "true" || text === "on")
      return { ok: true, value: true as EstimateQuery[F] };
    return fail;
  }
  if (field === "set") {
    if (text === undefined || text === "") return { ok: true, value: null as EstimateQuery[F] };
    if (!/^\d{1,2}$/.test(text) || Number(text) > ESTIMATE_SET_INDEX_MAX) return fail;
    return { ok: true, value: Number(text) as EstimateQuery[F] };
  }
  const limits = ESTIMATE_LIMITS[field as EstimateCountField];
  if (text === undefined) return { ok: true, value: limits.default as EstimateQuery[F] };
  if (!/^\d{1,3}$/.test(text)) return fail;
  const n = Number(text);
  if (n < limits.min || n > limits.max) return fail;
  return { ok: true, value: n as EstimateQuery[F] };
}

export const ESTIMATE_FIELDS: readonly EstimateField[] = [
  "people",
  "sets",
  "extensions",
  "set",
  "first_visit",
  "nomination",
];

/** Every field read; the messages by field when any is wrong. */
export function readEstimateQuery(
  raw: Partial<Record<EstimateField, string | undefined>>,
): { ok: true; value: EstimateQuery } | { ok: false; errors: Partial<Record<EstimateField, string>> } {
  const value: Partial<Record<EstimateField, unknown>> = {};
  const errors: Partial<Record<EstimateField, string>> = {};
  for (const field of ESTIMATE_FIELDS) {
    const read = readEstimateField(field, raw[field]);
    if (read.ok) value[field] = read.value;
    else errors[field] = read.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value as EstimateQuery };
}

export interface EstimateLine {
  kind: "first_visit" | "set" | "extension" | "nomination" | "table_charge";
  /** 「セット料金（20:00〜21:00・60分）」 */
  label: string;
  /** How it was counted: 「¥5,000 × 2名 × 2セット」 */
  detail: string;
  amount: number;
}

export interface BillEstimate {
  /** The set the estimate used (the chosen one, or the default). */
  set_index: number;
  items: EstimateLine[];
  subtotal: number;
  /** null: included in the prices or not charged (then the amount is 0). */
  service_charge_percent: number | null;
  service_charge: number;
  tax_percent: number | null;
  tax: number;
  total: number;
  /** The length of the stay: sets and extensions. */
  minutes: number;
  /** True when a chosen charge is not in the price system: the total is a lower bound (〜). */
  from: boolean;
  /** Sentences for the reader (what was left out, what the first-visit price includes). */
  notes: string[];
}

export type EstimateResult =
  | { ok: true; estimate: BillEstimate }
  | { ok: false; error: "no_sets"; message: string }
  | { ok: false; error: "invalid"; field: "set"; message: string };

const isFirstVisitSet = (set: PriceSet) => set.label.includes("初回");

/** The cheapest set without a condition (a label such as 初回 or 女性のお客様), else the cheapest. */
export function defaultSetIndex(sets: readonly PriceSet[]): number {
  let best = -1;
  for (const [index, set] of sets.entries()) {
    const current = sets[best];
    if (!current) {
      best = index;
      continue;
    }
    const plainBeats = set.label === "" && current.label !== "";
    const samePlainness = (set.label === "") === (current.label === "");
    if (plainBeats || (samePlainness && set.price < current.price)) best = index;
  }
  return best;
}

/** ⌊amount × percent / 100⌋ in whole numbers (a percentage has at most one decimal). */
export function percentOf(amount: number, percent: number): number {
  const scaled = amount * Math.round(percent * 10);
  return (scaled - (scaled % 1000)) / 1000;
}

/** 「20:00〜21:00・60分」, or 「60分」 for a set without a time slot. */
function setWhen(set: PriceSet): string {
  const slot = set.start_time === "" && set.end_time === "" ? "" : `${priceSetTime(set)}・`;
  return `${slot}${set.minutes}分`;
}

const times = (parts: (string | false)[]) => parts.filter(Boolean).join(" × ");

/** The estimated bill for `query` at a store with `system` and, when it has one, `firstVisit`. */
export function estimateBill(
  system: PriceSystem | null | undefined,
  firstVisit: FirstVisitOffer | null | undefined,
  query: EstimateQuery,
): EstimateResult {
  const sets = system?.sets ?? [];
  if (!system || sets.length === 0) return { ok: false, error: "no_sets", message: ESTIMATE_TEXTS.no_sets };
  const setIndex = query.set ?? defaultSetIndex(sets);
  const chosen = sets[setIndex];
  if (!chosen) return { ok: false, error: "invalid", field: "set", message: ESTIMATE_MESSAGES.set };

  const { people } = query;
  const items: EstimateLine[] = [];
  const notes: string[] = [];
  let from = false;
  let minutes = 0;
  let regularSets = query.sets;

  if (query.first_visit) {
    const offerSet = firstVisit ? null : sets.filter(isFirstVisitSet).sort((a, b) => a.price - b.price)[0];
    if (firstVisit) {
      items.push({
        kind: "first_visit",
        label: `初回料金（${firstVisit.minutes}分）`,
        detail: times([formatYen(firstVisit.price_jpy), `${people}名`]),
        amount: firstVisit.price_jpy * people,
      });
      minutes += firstVisit.minutes;
      regularSets -= 1;
      const includes = firstVisit.includes.trim();
      if (includes) notes.push(ESTIMATE_TEXTS.includes(includes));
    } else if (offerSet) {
      items.push({
        kind: "first_visit",
        label: `初回料金（${setWhen(offerSet)}）`,
        detail: times([formatYen(offerSet.price), `${people}名`]),
        amount: offerSet.price * people,
      });
      minutes += offerSet.minutes;
      regularSets -= 1;
    } else {
      notes.push(ESTIMATE_TEXTS.no_first_visit);
    }
  }
  if (regularSets > 0) {
    items.push({
      kind: "set",
      label: `セット料金（${setWhen(chosen)}）`,
      detail: times([formatYen(chosen.price), `${people}名`, regularSets > 1 && `${regularSets}セット`]),
      amount: chosen.price * people * regularSets,
    });
    minutes += chosen.minutes * regularSets;
  }
  if (query.extensions > 0) {
    if (system.extension) {
      const { extension } = system;
      items.push({
        kind: "extension",
        label: `延長（${extension.minutes}分）`,
        detail: times([formatYen(extension.price), `${people}名`, `${query.extensions}回`]),
        amount: extension.price * people * query.extensions,
      });
      minutes += extension.minutes * query.extensions;
    } else {
      from = true;
      notes.push(ESTIMATE_TEXTS.no_extension);
    }
  }
  if (query.nomination) {
    if (system.nomination_fee !== null) {
      items.push({
        kind: "nomination",
        label: "指名料",
        detail: times([formatYen(system.nomination_fee), `${query.sets}セット`]),
        amount: system.nomination_fee * query.sets,
      });
    } else {
      from = true;
      notes.push(ESTIMATE_TEXTS.no_nomination);
    }
  }
  if (system.table_charge !== null && system.table_charge > 0) {
    items.push({
      kind: "table_charge",
      label: "テーブルチャージ",
      detail: times([formatYen(system.table_charge), `${people}名`]),
      amount: system.table_charge * people,
    });
  }

  const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
  const servicePercent = system.service_charge_percent;
  const taxPercent = system.tax_percent;
  const serviceCharge = servicePercent === null ? 0 : percentOf(subtotal, servicePercent);
  const tax = taxPercent === null ? 0 : percentOf(subtotal + serviceCharge, taxPercent);
  if (servicePercent === null && taxPercent === null) notes.push(ESTIMATE_TEXTS.no_surcharges);
  return {
    ok: true,
    estimate: {
      set_index: setIndex,
      items,
      subtotal,
      service_charge_percent: servicePercent,
      service_charge: serviceCharge,
      tax_percent: taxPercent,
      tax,
      total: subtotal + serviceCharge + tax,
      minutes,
      from,
      notes,
    },
  };
}

/** The surcharge lines as the calculator and the API's readers show them: 「サービス料（20%）」. */
export function surchargeLabel(kind: "service" | "tax", percent: number): string {
  return `${kind === "service" ? "サービス料" : "消費税"}（${percentLabel(percent)}）`;
}

/** A set as the calculator's chooser names it: 「20:00〜21:00・60分 ¥5,000（初回）」. */
export function setChoiceLabel(set: PriceSet): string {
  return `${setWhen(set)} ${formatYen(set.price)}${set.label ? `（${set.label}）` : ""}`;
}

/** The total as shown: 「¥13,200」, 「¥13,200〜」 when charges are missing. */
export function totalLabel(estimate: Pick<BillEstimate, "total" | "from">): string {
  return `${formatYen(estimate.total)}${estimate.from ? "〜" : ""}`;
}
