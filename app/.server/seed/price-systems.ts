import type { PriceItem, PriceSet, PriceSystem } from "~/domain/price-system";
import type { Random } from "./random";

/**
 * Demo 料金システム by store type: the shapes and price levels such venues publish (a set price
 * that rises later in the night, extension, nomination and companion fees, service charge and tax,
 * a few drinks), varied per store. Deterministic for a given generator.
 */

interface Profile {
  /** [start, end, minutes, base price] of the set rows. */
  sets: readonly (readonly [string, string, number, number])[];
  extension: readonly [number, number] | null;
  nomination: number | null;
  inStore: number | null;
  companion: number | null;
  tableCharge: number | null;
  service: readonly number[];
  tax: number | null;
  drinks: readonly (readonly [string, number])[];
  notes: readonly string[];
}

const PROFILES: Record<string, Profile> = {
  girls_bar: {
    sets: [
      ["19:00", "21:00", 60, 2500],
      ["21:00", "LAST", 60, 3500],
    ],
    extension: [30, 1500],
    nomination: 1000,
    inStore: null,
    companion: null,
    tableCharge: null,
    service: [0, 10, 20],
    tax: 10,
    drinks: [
      ["キャストドリンク", 1000],
      ["テキーラショット", 1000],
      ["シャンパン（ボトル）", 10000],
    ],
    notes: ["セット料金は飲み放題（焼酎・ウイスキー・ビール）です。", "延長は自動延長ではありません。"],
  },
  hostess_bar: {
    sets: [
      ["20:00", "21:00", 60, 4000],
      ["21:00", "LAST", 60, 6000],
    ],
    extension: [30, 3000],
    nomination: 2000,
    inStore: 1000,
    companion: 3000,
    tableCharge: null,
    service: [20, 25, 30],
    tax: 10,
    drinks: [
      ["キャストドリンク", 1500],
      ["ハウスボトル", 5000],
      ["シャンパン（モエ）", 30000],
    ],
    notes: ["初回のお客様はセット料金から1,000円引きです。", "指名・同伴はキャストへ直接ご相談ください。"],
  },
  club: {
    sets: [["OPEN", "LAST", 90, 20000]],
    extension: [30, 8000],
    nomination: 5000,
    inStore: 3000,
    companion: 5000,
    tableCharge: 5000,
    service: [30, 40],
    tax: 10,
    drinks: [
      ["ボトルキープ（ウイスキー）", 25000],
      ["キャストドリンク", 2000],
      ["シャンパン", 50000],
    ],
    notes: ["ご予約のお客様を優先してご案内します。", "ドレスコード：スマートカジュアル"],
  },
  lounge: {
    sets: [
      ["20:00", "22:00", 60, 8000],
      ["22:00", "LAST", 60, 10000],
    ],
    extension: [30, 4000],
    nomination: 3000,
    inStore: 2000,
    companion: 3000,
    tableCharge: null,
    service: [20, 30],
    tax: 10,
    drinks: [
      ["キャストドリンク", 2000],
      ["ボトルキープ（焼酎）", 10000],
    ],
    notes: ["会員制ではありません。お気軽にお越しください。"],
  },
  new_club: {
    sets: [
      ["20:00", "21:00", 60, 6000],
      ["21:00", "LAST", 60, 8000],
    ],
    extension: [30, 4000],
    nomination: 3000,
    inStore: 2000,
    companion: 4000,
    tableCharge: null,
    service: [20, 30],
    tax: 10,
    drinks: [
      ["キャストドリンク", 1500],
      ["シャンパン", 25000],
    ],
    notes: ["延長の際はスタッフがお声がけします。"],
  },
  snack: {
    sets: [["", "", 90, 3000]],
    extension: [60, 2000],
    nomination: null,
    inStore: null,
    companion: null,
    tableCharge: null,
    service: [0],
    tax: null,
    drinks: [
      ["ボトルキープ（焼酎）", 6000],
      ["ママドリンク", 800],
      ["カラオケ（1曲）", 100],
    ],
    notes: ["セット料金は税込・飲み放題です。", "お一人様も歓迎です。"],
  },
  con_cafe: {
    sets: [["", "", 60, 1000]],
    extension: [30, 500],
    nomination: 500,
    inStore: null,
    companion: null,
    tableCharge: null,
    service: [0, 10],
    tax: null,
    drinks: [
      ["オリジナルドリンク", 800],
      ["キャストドリンク", 1000],
      ["チェキ（1枚）", 1000],
    ],
    notes: ["1時間ごとに1ドリンクのご注文をお願いしています。", "撮影はチェキのみとさせていただきます。"],
  },
  other: {
    sets: [["OPEN", "LAST", 60, 3000]],
    extension: [30, 1500],
    nomination: 1000,
    inStore: null,
    companion: null,
    tableCharge: null,
    service: [0, 10, 20],
    tax: 10,
    drinks: [["キャストドリンク", 1000]],
    notes: ["詳しい料金はお気軽にお問い合わせください。"],
  },
};

/** A price near `base`: ±20 % in steps, rounded to ¥500 (¥100 under ¥2,000). */
function vary(random: Random, base: number): number {
  const value = base * random.pick([0.8, 0.9, 1, 1, 1.1, 1.2]);
  const step = base < 2000 ? 100 : 500;
  return Math.max(step, Math.round(value / step) * step);
}

export function generatePriceSystem(random: Random, storeType: string): PriceSystem {
  const profile = PROFILES[storeType] ?? PROFILES.other!;
  const sets: PriceSet[] = profile.sets.map(([start_time, end_time, minutes, price]) => ({
    start_time,
    end_time,
    minutes,
    price: vary(random, price),
    label: "",
  }));
  if (random.chance(0.25) && sets.length > 0) {
    // A first-visit offer on the earliest set.
    sets.unshift({ ...sets[0]!, price: Math.max(500, sets[0]!.price - 1000), label: "初回" });
  }
  const drinks: PriceItem[] = profile.drinks
    .filter((_, index) => index === 0 || random.chance(0.8))
    .map(([name, price]) => ({ name, price: vary(random, price) }));
  const optional = (value: number | null, p = 0.85) =>
    value !== null && random.chance(p) ? vary(random, value) : null;
  const service = random.pick(profile.service);
  return {
    sets,
    extension: profile.extension
      ? { minutes: profile.extension[0], price: vary(random, profile.extension[1]) }
      : null,
    nomination_fee: optional(profile.nomination),
    in_store_nomination_fee: optional(profile.inStore),
    companion_fee: optional(profile.companion),
    table_charge: optional(profile.tableCharge, 1),
    service_charge_percent: service === 0 ? null : service,
    tax_percent: profile.tax,
    drinks,
    payment_methods: [
      "cash",
      ...(random.chance(0.75) ? ["credit_card"] : []),
      ...(random.chance(0.3) ? ["e_money", "transit_ic"] : []),
      ...(random.chance(0.4) ? ["qr_code"] : []),
    ],
    note: random.sample(profile.notes, random.int(1, profile.notes.length)).join("\n"),
  };
}
