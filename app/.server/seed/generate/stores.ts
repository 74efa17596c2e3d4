/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Stores: names, types, hours, staff allocation and plans.
 */
import type { DemoImages } from "../demo-images";
import { DEMO_STORE_IMAGE_TYPES } from "../demo-images";
import { STORE_NAME_STEMS, STORE_NAME_SUFFIXES, STORE_NAME_TEMPLATES } from "../japanese-data";
import type { Random } from "../random";
import { between, DAY, type GeneratedStore, gaussian, OPTION_VALUES, type PlanChoice } from "./common";
import { coordinatesNear, type Location, storeAddress } from "./places";

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
  const { lat, lng } = coordinatesNear(random, location.area);
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
    lat,
    lng,
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
