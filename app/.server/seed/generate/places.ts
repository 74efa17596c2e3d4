/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Places: prefectures weighted by nightlife, areas, addresses, phone numbers, coordinates.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { type Area, type AreaGroup, type Prefecture, REGIONS, type Region } from "../../../domain/areas";
import {
  AREA_ADDRESSES,
  AREA_DETAIL_TOWNS,
  BUILDING_CORES,
  BUILDING_PREFIXES,
  BUILDING_SUFFIXES,
  CITY_PHONE_CODES,
  CITY_POSTAL_PREFIXES,
  MOBILE_PREFIXES,
  PREFECTURE_CODES,
  TOWN_NAMES,
} from "../japanese-data";
import type { Random } from "../random";

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

export const PREFECTURE_ENTRIES: PrefectureEntry[] = REGIONS.flatMap((region) =>
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
): { lat: number; lng: number } {
  const r = radiusMeters * Math.sqrt(random.next());
  const theta = 2 * Math.PI * random.next();
  const dLat = (r * Math.cos(theta)) / 111_320;
  const dLng = (r * Math.sin(theta)) / (111_320 * Math.cos((area.lat * Math.PI) / 180));
  return {
    lat: Math.round((area.lat + dLat) * 1e6) / 1e6,
    lng: Math.round((area.lng + dLng) * 1e6) / 1e6,
  };
}
