/**
 * Pure generators of demo data: they take a PRNG and return plain insert objects for the Drizzle
 * tables, never touching the database. Everything is derived from the PRNG and `now`, so the same
 * seed gives the same rows.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { type Area, type AreaGroup, type Prefecture, REGIONS, type Region } from "../../domain/areas";
import {
  ALCOHOL_TYPE_VALUES,
  BLOOD_TYPE_VALUES,
  BUST_TYPE_VALUES,
  DEFAULT_PUBLISHED_PROFILE,
  KARAOKE_TYPE_VALUES,
  MATCHING_QUESTIONS,
  type MatchingInfo,
  PERSONALITY_TYPE_VALUES,
  type PublishedProfile,
  SMOKE_TYPE_VALUES,
  STORE_TYPE_VALUES,
  TYPE_TYPE_VALUES,
  VENUE_FEATURE_VALUES,
  VENUE_TYPE_VALUES,
} from "../../domain/options";
import { LAST, OPEN } from "../../domain/schedule-times";
import type { favorites, listeners, NewLiver, NewStaff, schedules } from "../db/schema";
import type { DemoImages } from "./demo-images";
import { DEMO_STORE_IMAGE_TYPES } from "./demo-images";
import {
  AREA_ADDRESSES,
  AREA_DETAIL_TOWNS,
  BUILDING_CORES,
  BUILDING_PREFIXES,
  BUILDING_SUFFIXES,
  CITY_PHONE_CODES,
  CITY_POSTAL_PREFIXES,
  FEMALE_GIVEN_NAMES,
  katakanaToHiragana,
  MALE_GIVEN_NAMES,
  MOBILE_PREFIXES,
  NICKNAME_PATTERNS,
  PREFECTURE_CODES,
  type Reading,
  ROMAJI_NAMES,
  STAFF_INTRODUCTION_CLOSINGS,
  STAFF_INTRODUCTION_MIDDLES,
  STAFF_INTRODUCTION_OPENERS,
  STORE_NAME_STEMS,
  STORE_NAME_SUFFIXES,
  STORE_NAME_TEMPLATES,
  SURNAMES,
  TOWN_NAMES,
} from "./japanese-data";
import type { Random } from "./random";

export type NewListener = typeof listeners.$inferInsert;
export type NewFavorite = typeof favorites.$inferInsert;
export type NewSchedule = typeof schedules.$inferInsert;

/** A liver row with the columns the generators always fill. */
export type GeneratedStore = NewLiver & {
  uid: string;
  store_name: string;
  store_type: string;
  status: NonNullable<NewLiver["status"]>;
  created_at: Date;
  email: string;
  limit_staff: number;
};
export type GeneratedStaff = NewStaff & {
  uid: string;
  name: string;
  status: NonNullable<NewStaff["status"]>;
  is_displayed: boolean;
  created_at: Date;
  login_id: string;
  login_email: string;
};
export type GeneratedListener = NewListener & {
  uid: string;
  email: string;
  nickname: string;
  created_at: Date;
};

export interface PlanChoice {
  id: string;
  limit_staff: number;
}

/** Used when the plan catalogue cannot be read (it is normally data of a migration). */
export const DEFAULT_PLANS: readonly PlanChoice[] = [
  { id: "light", limit_staff: 3 },
  { id: "standard", limit_staff: 15 },
  { id: "premium", limit_staff: 50 },
];

const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Option values (the domain's lists; "" = no answer is not among them).

export const OPTION_VALUES = {
  storeTypes: [...STORE_TYPE_VALUES] as string[],
  venueTypes: [...VENUE_TYPE_VALUES] as string[],
  venueFeatures: [...VENUE_FEATURE_VALUES] as string[],
  blood: [...BLOOD_TYPE_VALUES] as string[],
  bust: [...BUST_TYPE_VALUES] as string[],
  body: [...TYPE_TYPE_VALUES] as string[],
  karaoke: [...KARAOKE_TYPE_VALUES] as string[],
  alcohol: [...ALCOHOL_TYPE_VALUES] as string[],
  smoke: [...SMOKE_TYPE_VALUES] as string[],
  personality: [...PERSONALITY_TYPE_VALUES] as string[],
};

// ---------------------------------------------------------------------------------------------
// Small helpers.

const pad2 = (n: number) => String(n).padStart(2, "0");

/** "HH:MM" of minutes after midnight. */
export const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

/** The calendar date in Asia/Tokyo, `days` after the one containing `now`, as YYYY-MM-DD. */
export function tokyoDate(now: Date, days = 0): string {
  const d = new Date(now.getTime() + 9 * 3_600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A standard normal deviate (Box–Muller). */
function gaussian(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A time between `from` and `to` (ms), uniformly. */
function between(random: Random, from: number, to: number): Date {
  return new Date(from + Math.floor(random.next() * Math.max(0, to - from)));
}

function maybeBlank(random: Random, values: readonly string[], blank = 0.05): string {
  if (values.length === 0 || random.chance(blank)) return "";
  return random.pick(values);
}

const ROMAJI: Record<string, string> = {
  ア: "a",
  イ: "i",
  ウ: "u",
  エ: "e",
  オ: "o",
  カ: "ka",
  キ: "ki",
  ク: "ku",
  ケ: "ke",
  コ: "ko",
  サ: "sa",
  シ: "shi",
  ス: "su",
  セ: "se",
  ソ: "so",
  タ: "ta",
  チ: "chi",
  ツ: "tsu",
  テ: "te",
  ト: "to",
  ナ: "na",
  ニ: "ni",
  ヌ: "nu",
  ネ: "ne",
  ノ: "no",
  ハ: "ha",
  ヒ: "hi",
  フ: "fu",
  ヘ: "he",
  ホ: "ho",
  マ: "ma",
  ミ: "mi",
  ム: "mu",
  メ: "me",
  モ: "mo",
  ヤ: "ya",
  ユ: "yu",
  ヨ: "yo",
  ラ: "ra",
  リ: "ri",
  ル: "ru",
  レ: "re",
  ロ: "ro",
  ワ: "wa",
  ヲ: "o",
  ン: "n",
  ガ: "ga",
  ギ: "gi",
  グ: "gu",
  ゲ: "ge",
  ゴ: "go",
  ザ: "za",
  ジ: "ji",
  ズ: "zu",
  ゼ: "ze",
  ゾ: "zo",
  ダ: "da",
  ヂ: "ji",
  ヅ: "zu",
  デ: "de",
  ド: "do",
  バ: "ba",
  ビ: "bi",
  ブ: "bu",
  ベ: "be",
  ボ: "bo",
  パ: "pa",
  ピ: "pi",
  プ: "pu",
  ペ: "pe",
  ポ: "po",
  ヴ: "vu",
  ァ: "a",
  ィ: "i",
  ゥ: "u",
  ェ: "e",
  ォ: "o",
};
const ROMAJI_DIGRAPHS: Record<string, string> = { ャ: "a", ュ: "u", ョ: "o" };

/** Hepburn-ish romanisation of a katakana reading, for SNS handles ("ミサキ" → "misaki"). */
export function romanize(kana: string): string {
  let out = "";
  let double = false;
  for (const ch of kana) {
    if (ch === "ッ") {
      double = true;
      continue;
    }
    if (ch === "ー" || ch === "\u3000" || ch === " ") continue;
    let syllable = ROMAJI[ch];
    const glide = ROMAJI_DIGRAPHS[ch];
    if (glide) {
      // キャ → kya, シャ → sha, チュ → chu, ジョ → jo
      if (/(shi|chi|ji)$/.test(out)) out = `${out.slice(0, -1)}${glide}`;
      else if (out.endsWith("i")) out = `${out.slice(0, -1)}y${glide}`;
      else out += `y${glide}`;
      continue;
    }
    if (["ァ", "ィ", "ゥ", "ェ", "ォ"].includes(ch) && out.length > 0) {
      // ティ → ti, ファ → fa: replace the previous vowel.
      out = `${out.replace(/[aiueo]$/, "")}${syllable}`;
      continue;
    }
    if (!syllable) continue;
    if (double) {
      syllable = syllable.startsWith("ch") ? `t${syllable}` : `${syllable[0]}${syllable}`;
      double = false;
    }
    out += syllable;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Places.

export interface Location {
  region: Region;
  prefecture: Prefecture;
  group: AreaGroup | undefined;
  area: Area;
  detailId: string;
}

/** Store share per prefecture id (default 1): the big nightlife cities get most stores. */
const PREFECTURE_WEIGHTS: Record<string, number> = {
  tokyo: 30,
  osaka: 14,
  fukuoka: 7,
  aichi: 7,
  hokkaido: 6,
  kanagawa: 6,
  miyagi: 4,
  hiroshima: 4,
  kyoto: 4,
  hyogo: 4,
  saitama: 3,
  chiba: 3,
  shizuoka: 2,
  okinawa: 2,
  kumamoto: 2,
  kagoshima: 2,
  niigata: 2,
  okayama: 2,
  ishikawa: 1.5,
  nagasaki: 1.5,
  oita: 1.5,
};

interface PrefectureEntry {
  region: Region;
  prefecture: Prefecture;
  weight: number;
  groupOfArea: Map<string, AreaGroup>;
  areaWeights: number[];
}

const PREFECTURE_ENTRIES: PrefectureEntry[] = REGIONS.flatMap((region) =>
  region.prefectures
    .filter((p) => p.areas.length > 0)
    .map((prefecture) => {
      const groupOfArea = new Map<string, AreaGroup>();
      for (const g of prefecture.groups) for (const id of g.areaIds) groupOfArea.set(id, g);
      // Areas in a group are the famous districts; the first areas of a list are the main ones.
      const areaWeights = prefecture.areas.map((a, i) => (groupOfArea.has(a.id) ? 3 : i < 3 ? 2 : 1));
      return { region, prefecture, weight: PREFECTURE_WEIGHTS[prefecture.id] ?? 1, groupOfArea, areaWeights };
    }),
);

function locationIn(random: Random, entry: PrefectureEntry, areaId?: string): Location {
  const area = areaId
    ? (entry.prefecture.areas.find((a) => a.id === areaId) ?? entry.prefecture.areas[0]!)
    : random.pickWeighted(entry.prefecture.areas, entry.areaWeights);
  const detailId = area.details.length > 0 && random.chance(0.6) ? random.pick(area.details).id : "";
  return {
    region: entry.region,
    prefecture: entry.prefecture,
    group: entry.groupOfArea.get(area.id),
    area,
    detailId,
  };
}

/** A location, optionally inside one region or at one area. */
export function pickLocation(random: Random, options: { regionId?: string; areaId?: string } = {}): Location {
  if (options.areaId) {
    const entry = PREFECTURE_ENTRIES.find((e) => e.prefecture.areas.some((a) => a.id === options.areaId));
    if (entry) return locationIn(random, entry, options.areaId);
  }
  const entries = options.regionId
    ? PREFECTURE_ENTRIES.filter((e) => e.region.id === options.regionId)
    : PREFECTURE_ENTRIES;
  const pool = entries.length > 0 ? entries : PREFECTURE_ENTRIES;
  return locationIn(
    random,
    random.pickWeighted(
      pool,
      pool.map((e) => e.weight),
    ),
  );
}

/** Region ids that have at least one area (all 8 with the shipped tree). */
export const REGION_IDS = [...new Set(PREFECTURE_ENTRIES.map((e) => e.region.id))];

/** "歌舞伎町1-2" → town 歌舞伎町, 丁目 1 to 2; "南5条西1-7*" → written out as 丁目. */
function parseTown(spec: string): { town: string; min: number; max: number; written: boolean } {
  const written = spec.endsWith("*");
  const body = written ? spec.slice(0, -1) : spec;
  const m = /^(.*?)(\d+)-(\d+)$/.exec(body);
  if (!m) return { town: body, min: 0, max: 0, written };
  return { town: m[1]!, min: Number(m[2]), max: Number(m[3]), written };
}

function guessCityAndTowns(location: Location): { city: string; towns: readonly string[] } {
  // Not in the address table: "水戸 大工町" → 水戸市 大工町; "岐阜駅周辺" → 岐阜市 + a common town name.
  const name = location.area.name.replace(/（.*?）/g, "");
  const [first, second] = name.split(/\s+/);
  const base = (first ?? name).replace(/駅周辺$|周辺$/, "").split("・")[0] ?? name;
  const city = second ? (/[市区町村]$/.test(base) ? base : `${base}市`) : "";
  const town = second ? (second.replace(/周辺$/, "").split("・")[0] ?? second) : base;
  return { city, towns: [`${town}1-3`, ...TOWN_NAMES.slice(0, 3).map((t) => `${t}1-3`)] };
}

export interface Address {
  postal_code: string;
  address: string;
  buildingName: string;
  phone_number: string;
  city: string;
}

/** A phone number formatted as Japanese numbers are written: 03-1234-5678, 011-234-5678, 090-1234-5678. */
export function phoneNumber(random: Random, areaCode: string, mobile: boolean): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const prefix = mobile ? random.pick(MOBILE_PREFIXES) : areaCode;
    const length = mobile ? 11 : 10;
    let digits = `${prefix}${random.int(2, 9)}`;
    while (digits.length < length) digits += random.int(0, 9);
    const parsed = parsePhoneNumberFromString(digits, "JP");
    // Keep only numbers whose area code is the chosen one (011 + "6…" would read as 0166, another city).
    const formatted = parsed?.isValid() ? parsed.formatNational() : "";
    if (formatted.startsWith(`${prefix}-`)) return formatted;
  }
  return mobile ? "090-1234-5678" : "03-1234-5678";
}

export function storeAddress(random: Random, location: Location): Address {
  const known = AREA_ADDRESSES[location.area.id];
  const { city, towns } = known ?? guessCityAndTowns(location);
  const detailTowns = location.detailId ? AREA_DETAIL_TOWNS[location.detailId] : undefined;
  const spec = parseTown(random.pick(detailTowns ?? towns));
  let street: string;
  if (spec.max > 0) {
    const chome = random.int(spec.min, spec.max);
    const ban = random.int(1, 20);
    const go = random.int(1, 15);
    street = spec.written ? `${spec.town}${chome}丁目${ban}-${go}` : `${spec.town}${chome}-${ban}-${go}`;
  } else {
    street = `${spec.town}${random.int(1, 40)}-${random.int(1, 20)}`;
  }
  const codes = PREFECTURE_CODES[location.prefecture.name] ?? { phone: "03", postal: ["100"] };
  const postalPrefix = CITY_POSTAL_PREFIXES[city] ?? random.pick(codes.postal);
  const postal_code = `${postalPrefix}${String(random.int(0, 9999)).padStart(4, "0")}`;
  const floor = random.chance(0.08) ? "B1F" : `${random.int(1, 9)}F`;
  const buildingName = random.chance(0.88)
    ? `${random.pick(BUILDING_PREFIXES)}${random.pick(BUILDING_CORES)}${random.pick(BUILDING_SUFFIXES)} ${floor}`
    : "";
  const areaCode = CITY_PHONE_CODES[city] ?? codes.phone;
  return {
    postal_code,
    address: `${location.prefecture.name}${city}${street}`,
    buildingName,
    phone_number: phoneNumber(random, areaCode, random.chance(0.3)),
    city,
  };
}

/** A point within ~400 m of the area's centre. */
export function coordinatesNear(
  random: Random,
  area: Area,
  radiusMeters = 400,
): { latitude: number; longitude: number } {
  const r = radiusMeters * Math.sqrt(random.next());
  const theta = 2 * Math.PI * random.next();
  const dLat = (r * Math.cos(theta)) / 111_320;
  const dLng = (r * Math.sin(theta)) / (111_320 * Math.cos((area.lat * Math.PI) / 180));
  return {
    latitude: Math.round((area.lat + dLat) * 1e6) / 1e6,
    longitude: Math.round((area.lng + dLng) * 1e6) / 1e6,
  };
}

// ---------------------------------------------------------------------------------------------
// Stores.

/** How often each store type occurs among generated stores (default 5). */
const STORE_TYPE_WEIGHTS: Record<string, number> = {
  girls_bar: 25,
  hostess_bar: 20,
  snack: 18,
  lounge: 10,
  con_cafe: 10,
  club: 8,
  new_club: 6,
  other: 3,
};

/** Relative number of staff per store type (default 1). */
const STAFF_SIZE_BY_TYPE: Record<string, number> = {
  hostess_bar: 1.5,
  new_club: 1.3,
  club: 1.1,
  lounge: 1,
  girls_bar: 1,
  con_cafe: 0.9,
  snack: 0.5,
  other: 0.6,
};

/** Opening hours per store type: start times and end times ("LAST" = until the last customer). */
const BUSINESS_HOURS: Record<string, { start: string[]; end: string[] }> = {
  girls_bar: { start: ["19:00", "20:00", "18:00", "19:30"], end: ["LAST", "05:00", "03:00", "02:00"] },
  hostess_bar: { start: ["20:00", "19:00", "21:00"], end: ["LAST", "01:00", "05:00"] },
  club: { start: ["20:00", "19:30"], end: ["01:00", "00:30", "LAST"] },
  lounge: { start: ["20:00", "19:00", "21:00"], end: ["02:00", "01:00", "LAST"] },
  new_club: { start: ["20:00", "20:30"], end: ["01:00", "LAST"] },
  snack: { start: ["19:00", "20:00", "18:00"], end: ["01:00", "02:00", "00:00", "LAST"] },
  con_cafe: { start: ["12:00", "17:00", "18:00", "19:00"], end: ["22:00", "23:00", "05:00", "LAST"] },
  other: { start: ["18:00", "19:00", "20:00"], end: ["LAST", "03:00", "02:00"] },
};

/** Venue types that suit a store type; others are rarer. */
const SERVICE_AFFINITY: Record<string, string[]> = {
  girls_bar: ["cheap", "cosplay_bar", "bunny", "morning_cabaret"],
  hostess_bar: ["luxury", "cheap", "morning_cabaret", "daytime_cabaret", "sister_line", "foreigner"],
  club: ["luxury", "mature_woman", "sister_line"],
  lounge: ["luxury", "mature_woman", "sister_line"],
  new_club: ["luxury", "sister_line", "foreigner"],
  snack: ["cheap", "mature_woman", "foreigner"],
  con_cafe: ["cosplay_bar", "bunny", "daytime_cabaret", "cheap"],
  other: ["cheap", "foreigner"],
};

const HOLIDAY_CHOICES: readonly (readonly string[])[] = [
  [],
  ["日曜"],
  ["日曜", "祝日"],
  ["月曜"],
  ["日曜", "月曜"],
];
const HOLIDAY_WEIGHTS = [40, 30, 15, 8, 7];

export function storeName(
  random: Random,
  storeType: string,
): { store_name: string; store_name_kana: string } {
  const templates = STORE_NAME_TEMPLATES[storeType] ?? STORE_NAME_TEMPLATES.other!;
  const stems = STORE_NAME_STEMS[storeType] ?? STORE_NAME_STEMS.other!;
  const template = random.pick(templates);
  const stem = random.pick(stems);
  let name = template.text.replace("{x}", stem.text);
  let kana = template.kana.replace("{k}", stem.kana);
  if (random.chance(0.05)) {
    const suffix = random.pick(STORE_NAME_SUFFIXES);
    name = `${name} ${suffix.text}`;
    kana = `${kana}\u3000${suffix.kana}`;
  }
  return { store_name: name, store_name_kana: kana };
}

/** Store types in generation order: every type once (shuffled) first, then by weight. */
export function storeTypeSequence(random: Random, count: number): string[] {
  const types = OPTION_VALUES.storeTypes;
  const out = random.shuffle(types).slice(0, count);
  const weights = types.map((t) => STORE_TYPE_WEIGHTS[t] ?? 5);
  while (out.length < count) out.push(random.pickWeighted(types, weights));
  return out;
}

/**
 * Staff per store, summing exactly to `total`: log-normal sizes scaled by store type, at least one
 * each while there are enough, and at most `cap` (the largest plan's limit) while the total allows.
 */
export function allocateStaff(
  random: Random,
  storeTypes: readonly string[],
  total: number,
  cap: number,
): number[] {
  const n = storeTypes.length;
  if (n === 0) return [];
  const counts = new Array<number>(n).fill(0);
  let remaining = total;
  if (total >= n) {
    counts.fill(1);
    remaining -= n;
  }
  const weights = storeTypes.map((t) => Math.exp(gaussian(random) * 0.7) * (STAFF_SIZE_BY_TYPE[t] ?? 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (remaining * w) / sum);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const whole = Math.floor(shares[i]!);
    counts[i]! += whole;
    given += whole;
  }
  // Largest remainders get the rest (ties by index, so the result is deterministic).
  const order = shares.map((s, i) => ({ f: s - Math.floor(s), i })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (let k = 0; k < remaining - given; k++) counts[order[k % n]!.i]! += 1;

  if (cap > 0 && total <= cap * n) {
    let excess = 0;
    for (let i = 0; i < n; i++) {
      if (counts[i]! > cap) {
        excess += counts[i]! - cap;
        counts[i] = cap;
      }
    }
    while (excess > 0) {
      const i = random.int(0, n - 1);
      if (counts[i]! < cap) {
        counts[i]! += 1;
        excess -= 1;
      }
    }
  }
  return counts;
}

/** The smallest plan that fits `staff` most of the time, sometimes a bigger one. */
export function planFor(random: Random, plans: readonly PlanChoice[], staff: number): PlanChoice {
  const sorted = [...plans].sort((a, b) => a.limit_staff - b.limit_staff);
  const fitting = sorted.filter((p) => p.limit_staff >= staff);
  if (fitting.length === 0) return sorted[sorted.length - 1] ?? { id: "premium", limit_staff: 50 };
  const weights = fitting.map((_, i) => (i === 0 ? 70 : i === 1 ? 25 : 5));
  return random.pickWeighted(fitting, weights);
}

export interface StoreInput {
  uid: string;
  email: string;
  storeType: string;
  location: Location;
  plan: PlanChoice;
  images: DemoImages;
  now: Date;
  slugs: Set<string>;
  /** Plans that a store may move to next month. */
  plans: readonly PlanChoice[];
}

function storeImagesFor(random: Random, images: DemoImages, storeType: string): string[] {
  const typeIndex = (DEMO_STORE_IMAGE_TYPES as readonly string[]).indexOf(storeType);
  const own = images.storeImages.filter(
    (_, i) => typeIndex >= 0 && i % DEMO_STORE_IMAGE_TYPES.length === typeIndex,
  );
  const pool = own.length > 0 ? own : images.storeImages;
  return pool.length > 0 ? random.sample(pool, random.int(1, Math.min(3, pool.length))) : [];
}

function uniqueSlug(random: Random, slugs: Set<string>, prefix: string, length: number): string {
  for (let attempt = 0; ; attempt++) {
    const suffix = random.id().slice(0, length + Math.floor(attempt / 10));
    const slug = `${prefix}-${suffix}`;
    if (!slugs.has(slug)) {
      slugs.add(slug);
      return slug;
    }
  }
}

export function generateStore(random: Random, input: StoreInput): GeneratedStore {
  const { storeType, location, plan, now } = input;
  const { store_name, store_name_kana } = storeName(random, storeType);
  const address = storeAddress(random, location);
  const { latitude, longitude } = coordinatesNear(random, location.area);
  const hours = BUSINESS_HOURS[storeType] ?? BUSINESS_HOURS.other!;

  const affinity = (SERVICE_AFFINITY[storeType] ?? []).filter((v) => OPTION_VALUES.venueTypes.includes(v));
  const serviceCount = random.pickWeighted([0, 1, 2, 3], [25, 45, 22, 8]);
  const services = new Set<string>();
  for (let i = 0; i < serviceCount; i++) {
    const pool = affinity.length > 0 && random.chance(0.8) ? affinity : OPTION_VALUES.venueTypes;
    if (pool.length > 0) services.add(random.pick(pool));
  }

  const holidays = [...random.pickWeighted(HOLIDAY_CHOICES, HOLIDAY_WEIGHTS)];
  const features = OPTION_VALUES.venueFeatures.filter(
    (f) =>
      !(f === "open_on_sunday" && holidays.includes("日曜")) &&
      !(f === "open_on_holiday" && holidays.includes("祝日")),
  );
  const commitments = random
    .sample(features, random.pickWeighted([0, 1, 2, 3, 4, 5], [8, 20, 28, 24, 14, 6]))
    .sort((a, b) => OPTION_VALUES.venueFeatures.indexOf(a) - OPTION_VALUES.venueFeatures.indexOf(b));

  const createdAt = between(random, now.getTime() - 730 * DAY, now.getTime() - DAY);
  const updatedAt = random.chance(0.5) ? createdAt : between(random, createdAt.getTime(), now.getTime());
  const bigger = input.plans.filter((p) => p.limit_staff > plan.limit_staff);
  const newPlan = bigger.length > 0 && random.chance(0.03) ? random.pick(bigger).id : null;

  return {
    uid: input.uid,
    store_name,
    store_name_kana,
    slug: uniqueSlug(random, input.slugs, storeType.replace(/_/g, "-"), 4),
    status: random.chance(0.05) ? "private" : "public",
    created_at: createdAt,
    updated_at: updatedAt,
    region: location.region.id,
    prefecture: location.prefecture.id,
    group: location.group?.id ?? "",
    area: location.area.id,
    area_detail: location.detailId,
    store_type: storeType,
    services: OPTION_VALUES.venueTypes.filter((v) => services.has(v)),
    commitments,
    is_individual: random.chance(0.03),
    order: random.chance(0.05) ? random.int(1, 20) : null,
    point: 0,
    email: input.email,
    follower_number: 0,
    postal_code: address.postal_code,
    address: address.address,
    buildingName: address.buildingName,
    latitude,
    longitude,
    business_start_time: random.pick(hours.start),
    business_end_time: random.pick(hours.end),
    holidays,
    image_urls: storeImagesFor(random, input.images, storeType),
    phone_number: address.phone_number,
    plan_id: plan.id,
    new_plan_id: newPlan,
    limit_staff: plan.limit_staff,
  };
}

// ---------------------------------------------------------------------------------------------
// Staff.

export interface StaffName {
  name: string;
  name_kana: string;
  /** Katakana reading of the given name alone (for SNS handles). */
  given_kana: string;
}

/** Display names as casts use them: mostly a given name in hiragana, katakana or kanji; sometimes with a surname. */
export function staffName(random: Random): StaffName {
  const given = random.pick(FEMALE_GIVEN_NAMES);
  const style = random.pickWeighted(["hiragana", "katakana", "as-is", "full"], [40, 20, 30, 10]);
  if (style === "full") {
    const surname = random.pick(SURNAMES);
    return {
      name: `${surname.text} ${given.text}`,
      name_kana: `${surname.kana}\u3000${given.kana}`,
      given_kana: given.kana,
    };
  }
  const name =
    style === "hiragana" ? katakanaToHiragana(given.kana) : style === "katakana" ? given.kana : given.text;
  return { name, name_kana: given.kana, given_kana: given.kana };
}

function staffAge(random: Random): number {
  const band = random.pickWeighted(
    [
      [18, 19],
      [20, 24],
      [25, 29],
      [30, 35],
      [36, 40],
    ] as const,
    [7, 45, 28, 15, 5],
  );
  return random.int(band[0], band[1]);
}

function staffHeight(random: Random): number | null {
  if (random.chance(0.05)) return null;
  return Math.max(145, Math.min(175, Math.round(158 + gaussian(random) * 5.5)));
}

/** A birthday consistent with `age` on `now` (YYYY-MM-DD). */
function birthday(random: Random, age: number, now: Date): string {
  const latest = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  return new Date(latest.getTime() - random.int(0, 364) * DAY).toISOString().slice(0, 10);
}

export function randomMatchingInfo(random: Random, answered = 1): Partial<MatchingInfo> {
  const info: Record<string, string> = {};
  for (const question of MATCHING_QUESTIONS) {
    if (answered < 1 && !random.chance(answered)) continue;
    info[question.key] = random.pick<{ value: string }>(question.answers).value;
  }
  return info as Partial<MatchingInfo>;
}

function publishedProfile(random: Random): Partial<PublishedProfile> {
  const profile: Record<string, boolean> = { ...(DEFAULT_PUBLISHED_PROFILE as Record<string, boolean>) };
  if (random.chance(0.1)) {
    const hideable = Object.keys(profile).filter((k) => k !== "name");
    for (const key of random.sample(hideable, random.int(1, 2))) profile[key] = false;
  }
  return profile as Partial<PublishedProfile>;
}

const HANDLE_SUFFIXES = ["", "_", ".", "_official", "_night", "chan", "_x"];

function snsHandle(random: Random, givenKana: string, maxLength: number): string {
  const base = romanize(givenKana) || random.pick(ROMAJI_NAMES);
  const suffix = random.pick(HANDLE_SUFFIXES);
  const digits = random.chance(0.6) ? String(random.int(1, 9999)).padStart(random.pick([2, 3, 4]), "0") : "";
  let handle = `${base}${suffix}${digits}`.replace(/\.$/, "").replace(/_$/, "");
  if (handle.length < 3) handle = `${handle}${random.int(100, 999)}`;
  return handle.slice(0, maxLength);
}

const YOUTUBE_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A YouTube channel id: "UC" and 22 characters of [A-Za-z0-9_-]. */
function youtubeChannelId(random: Random): string {
  let id = "UC";
  for (let i = 0; i < 22; i++) id += YOUTUBE_ID_ALPHABET[random.int(0, YOUTUBE_ID_ALPHABET.length - 1)];
  return id;
}

export function staffIntroduction(random: Random, name: string): string {
  const opener = random.pick(STAFF_INTRODUCTION_OPENERS).replace("{name}", name);
  const middles = random.sample(STAFF_INTRODUCTION_MIDDLES, random.int(1, 2));
  const parts = [opener, ...middles];
  if (parts.length < 3 && random.chance(0.7)) parts.push(random.pick(STAFF_INTRODUCTION_CLOSINGS));
  return parts.join("");
}

export interface StaffInput {
  uid: string;
  store: Pick<GeneratedStore, "uid" | "store_name" | "created_at">;
  order: number;
  images: DemoImages;
  now: Date;
  loginIds: Set<string>;
  /** A fixed login_id (demo accounts); otherwise "cast_xxxxxx". */
  loginId?: string;
  /** Force a publicly listed staff member (demo accounts). */
  listed?: boolean;
}

function uniqueLoginId(random: Random, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const id = `cast_${random.id().slice(0, 6 + Math.floor(attempt / 10))}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

export function generateStaff(random: Random, input: StaffInput): GeneratedStaff {
  const { now } = input;
  const nowMs = now.getTime();
  const loginId = input.loginId ?? uniqueLoginId(random, input.loginIds);
  input.loginIds.add(loginId.toLowerCase());
  const { name, name_kana, given_kana } = staffName(random);
  const age = staffAge(random);
  const createdAt = between(random, input.store.created_at.getTime(), nowMs - DAY / 2);
  const deleted = !input.listed && random.chance(0.03);
  const displayed = input.listed || random.chance(0.95);
  const hasInstagram = random.chance(0.4);
  const hasTiktok = random.chance(0.25);
  const hasYoutube = random.chance(0.06);
  const lastPost = random.chance(0.6)
    ? between(random, Math.max(createdAt.getTime(), nowMs - 30 * DAY), nowMs)
    : null;
  const imageCount = random.int(1, 3);

  return {
    uid: input.uid,
    liver_id: input.store.uid,
    liver_name: input.store.store_name,
    slug: `cast-${loginId
      .replace(/^cast_/, "")
      .replace(/[^a-z0-9-]/gi, "-")
      .toLowerCase()}`,
    status: deleted ? "deleted" : "public",
    is_displayed: displayed,
    created_at: createdAt,
    updated_at: lastPost && lastPost > createdAt ? lastPost : createdAt,
    updated_display_at: displayed ? null : between(random, createdAt.getTime(), nowMs),
    delete_at: deleted ? between(random, createdAt.getTime(), nowMs) : null,
    order: input.order,
    follower_number: 0,
    last_post_at: lastPost,
    last_instagram_at: hasInstagram ? lastPost : null,
    last_tiktok_at: hasTiktok && lastPost && random.chance(0.5) ? lastPost : null,
    last_live_at: lastPost && random.chance(0.1) ? lastPost : null,
    last_youtube_at: hasYoutube && lastPost && random.chance(0.3) ? lastPost : null,
    age,
    height: staffHeight(random),
    birth_of_date: random.chance(0.4) ? birthday(random, age, now) : null,
    blood_type: maybeBlank(random, OPTION_VALUES.blood),
    bust_type: maybeBlank(random, OPTION_VALUES.bust),
    type_type: maybeBlank(random, OPTION_VALUES.body),
    karaoke_type: maybeBlank(random, OPTION_VALUES.karaoke),
    alcohol_type: maybeBlank(random, OPTION_VALUES.alcohol),
    smoke_type: maybeBlank(random, OPTION_VALUES.smoke),
    personality_type: maybeBlank(random, OPTION_VALUES.personality),
    name,
    name_kana,
    image_urls:
      input.images.staffImages.length > 0 ? random.sample(input.images.staffImages, imageCount) : [],
    introduction: staffIntroduction(random, name),
    instagram_id: hasInstagram ? snsHandle(random, given_kana, 30) : "",
    tiktok_id: hasTiktok ? snsHandle(random, given_kana, 24) : "",
    youtube_id: hasYoutube ? youtubeChannelId(random) : "",
    followers: hasInstagram ? Math.round(Math.exp(5 + random.next() * 5.5)) : null,
    matching_info: randomMatchingInfo(random),
    published_profile: publishedProfile(random),
    login_email: `${loginId.toLowerCase()}@staff.invalid`,
    login_id: loginId,
  };
}

// ---------------------------------------------------------------------------------------------
// Listeners.

const SHORT_PREFECTURE = (name: string) => (name === "北海道" ? name : name.replace(/[都府県]$/, ""));

export function listenerNickname(random: Random): string {
  const person: Reading = random.chance(0.8)
    ? random.pick(MALE_GIVEN_NAMES)
    : random.pick(FEMALE_GIVEN_NAMES);
  const pattern = random.pick(NICKNAME_PATTERNS);
  const prefecture = random.pickWeighted(
    PREFECTURE_ENTRIES,
    PREFECTURE_ENTRIES.map((e) => e.weight),
  ).prefecture;
  return pattern
    .replace("{name}", person.text)
    .replace("{hira}", katakanaToHiragana(person.kana))
    .replace("{kata}", person.kana)
    .replace("{pref}", SHORT_PREFECTURE(prefecture.name))
    .replace("{surname}", `${random.pick(SURNAMES).text}`)
    .replace("{romaji}", `${romanize(person.kana) || random.pick(ROMAJI_NAMES)}_${random.int(1, 9999)}`);
}

export function generateListener(
  random: Random,
  input: { uid: string; email: string; now: Date; nickname?: string },
): GeneratedListener {
  const createdAt = between(random, input.now.getTime() - 730 * DAY, input.now.getTime() - DAY);
  const answered = random.pickWeighted([1, 0.6, 0], [70, 20, 10]);
  const quiet = random.chance(0.2);
  return {
    uid: input.uid,
    email: input.email,
    image_url: "",
    nickname: input.nickname ?? listenerNickname(random),
    created_at: createdAt,
    updated_at: createdAt,
    mail_setting: {
      following_live: !quiet,
      following_instagram: !quiet || random.chance(0.5),
      following_tiktok: !quiet || random.chance(0.5),
      official_information: random.chance(0.8),
    },
    matching_info: answered === 0 ? {} : randomMatchingInfo(random, answered),
  };
}

// ---------------------------------------------------------------------------------------------
// Favorites and schedules.

export interface FollowTarget {
  uid: string;
  created_at: Date;
}

/**
 * Follows of one listener: `staffCount` staff and `storeCount` stores, distinct, chosen with a
 * skew so that a few targets are popular (targets earlier in the list are more likely).
 */
export function generateFavoritesFor(
  random: Random,
  input: {
    listener: { uid: string; created_at: Date };
    staff: readonly FollowTarget[];
    stores: readonly FollowTarget[];
    staffCount: number;
    storeCount: number;
    now: Date;
    /** Targets this listener follows whatever the draw (demo accounts). */
    always?: { staff?: readonly FollowTarget[]; stores?: readonly FollowTarget[] };
  },
): NewFavorite[] {
  const rows: NewFavorite[] = [];
  const skewed = <T>(list: readonly T[], count: number, forced: readonly T[], key: (t: T) => string) => {
    const picked = new Map<string, T>();
    for (const t of forced) picked.set(key(t), t);
    const wanted = Math.min(list.length, count + forced.length);
    let guard = 0;
    while (picked.size < wanted && guard++ < wanted * 20) {
      const t = list[Math.floor(list.length * random.next() ** 2.2)]!;
      picked.set(key(t), t);
    }
    return [...picked.values()];
  };
  const make = (target: FollowTarget, kind: "staff" | "store"): NewFavorite => {
    const from = Math.max(input.listener.created_at.getTime(), target.created_at.getTime());
    const created = between(random, from, input.now.getTime());
    return {
      favorite_id: random.id(),
      uid: input.listener.uid,
      staff_id: kind === "staff" ? target.uid : null,
      liver_id: kind === "store" ? target.uid : null,
      created_at: created,
      updated_at: created,
    };
  };
  for (const t of skewed(input.staff, input.staffCount, input.always?.staff ?? [], (x) => x.uid)) {
    rows.push(make(t, "staff"));
  }
  for (const t of skewed(input.stores, input.storeCount, input.always?.stores ?? [], (x) => x.uid)) {
    rows.push(make(t, "store"));
  }
  return rows;
}

/** 19:00 … 22:00 in 10-minute steps. */
const START_MINUTES = Array.from({ length: 19 }, (_, i) => 19 * 60 + i * 10);

/**
 * Shifts of one staff member over `days` days from today (Asia/Tokyo): 3–5 a week, starting at
 * OPEN or 19:00–22:00, ending at LAST or a later time, all in 10-minute steps.
 */
export function generateSchedulesFor(
  random: Random,
  input: { staffId: string; now: Date; days?: number },
): NewSchedule[] {
  const days = input.days ?? 14;
  const offsets: number[] = [];
  for (let week = 0; week * 7 < days; week++) {
    const span = Math.min(7, days - week * 7);
    const shifts = Math.min(span, random.int(3, 5));
    for (const d of random.sample(
      Array.from({ length: span }, (_, i) => week * 7 + i),
      shifts,
    )) {
      offsets.push(d);
    }
  }
  offsets.sort((a, b) => a - b);
  return offsets.map((offset) => {
    const open = random.chance(0.25);
    // OPEN is the store's opening, about 19:00; a shift lasts at least three hours.
    const start = open ? 19 * 60 : random.pick(START_MINUTES);
    const first = start + 180;
    const last = 23 * 60 + 50;
    let end: string = LAST;
    if (first <= last && !random.chance(0.45)) {
      end = hhmm(first + random.int(0, Math.floor((last - first) / 10)) * 10);
    }
    return {
      schedule_id: random.id(),
      staff_id: input.staffId,
      date: tokyoDate(input.now, offset),
      start_time: open ? OPEN : hhmm(start),
      end_time: end,
      created_at: input.now,
      updated_at: input.now,
    };
  });
}
