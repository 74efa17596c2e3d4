import { type Area, type AreaPath, PREFECTURES, REGIONS, type Region } from "./areas";

/**
 * The listing area a found address suggests (docs/product.md "First steps"): the postal
 * code lookup fills the address, and the area pickers follow with the region, the prefecture and,
 * when one district of the directory's tree clearly matches the city and town, that area. The tree
 * names nightlife districts (繁華街), not cities, so the area is a guess that is only made when it is
 * the single best one; otherwise it stays empty and the store picks it.
 */

/** One address of `GET /api/postal-codes/{code}`. */
export interface FoundAddress {
  /** Our prefecture id, when the lookup matched one. */
  prefecture_id?: string;
  prefecture_name: string;
  /** 市区町村, with the ward of a designated city (札幌市中央区). */
  city: string;
  /** 町域, "" when the code covers the whole city. */
  town: string;
}

/** What the address presets; `area` is "" when no district matches clearly. */
export interface AreaPreset {
  region: string;
  prefecture: string;
  area: string;
}

/** Half-width letters and digits, one form of ケ and カ, no spaces at the ends. */
function normalize(s: string): string {
  return s.normalize("NFKC").replace(/ヶ/g, "ケ").replace(/ヵ/g, "カ").trim();
}

/** "宇都宮市" → "宇都宮", "新宿区" → "新宿", "沖縄市" → "沖縄"; a name that is only the suffix stays. */
function stem(name: string): string {
  const stripped = name.replace(/[市区町村]$/, "");
  return stripped === "" ? name : stripped;
}

/**
 * The names a city goes by: every one (the designated city and its ward) and the most specific
 * one (the ward of a designated city, else the city), without 郡 and the 市/区/町/村 suffix.
 */
function cityStems(city: string): { all: string[]; specific: string } {
  const name = normalize(city).replace(/^.+?郡/, "");
  const designated = /^(.+?市)(.+区)$/.exec(name);
  if (designated) {
    const ward = stem(designated[2]!);
    return { all: [stem(designated[1]!), ward], specific: ward };
  }
  return { all: [stem(name)], specific: stem(name) };
}

/** A word of an area's name that says nothing about where it is (駅前, 東口 …). */
const GENERIC_WORD = /^(駅.*|[東西南北]口)$/;

/** "水戸駅周辺" → "水戸", "国際通り周辺" → "国際通り", "大和八木" unchanged. */
function placeWord(word: string): string {
  return word.replace(/(駅)?周辺$/, "").replace(/駅$/, "");
}

interface AreaWords {
  /** The city named before a space ("宇都宮 泉町" → 宇都宮), which the address must be in. */
  place: string | null;
  /** The district's own words ("泉町"; "錦", "栄" of "錦・栄"). */
  words: string[];
  /** Town names among the area's details (宇田川町, 道玄坂), which also point at the area. */
  towns: string[];
}

function wordsOf(area: Area): AreaWords {
  const name = normalize(area.name);
  const space = name.indexOf(" ");
  const place = space > 0 ? placeWord(name.slice(0, space)) : null;
  const rest = space > 0 ? name.slice(space + 1) : name;
  const words = rest
    .split(/[\s・()]+/)
    .map(placeWord)
    .filter((word) => word !== "" && !GENERIC_WORD.test(word));
  const towns = area.details.map((d) => normalize(d.name)).filter((d) => /[町坂]$/.test(d));
  return { place, words, towns };
}

/**
 * How well a town name matches a word of an area: 4 the same, 3 the town starts with it
 * (吉祥寺本町 ← 吉祥寺), 2 the town contains it (東池袋 ← 池袋) or the word starts with the town
 * (錦糸町 ← 錦糸); 0 otherwise. Partial matches need two characters.
 */
export function townMatch(town: string, word: string): number {
  if (town === "" || word === "") return 0;
  if (town === word) return 4;
  if (word.length >= 2 && town.startsWith(word)) return 3;
  if (word.length >= 2 && town.includes(word)) return 2;
  if (town.length >= 2 && word.startsWith(town)) return 2;
  return 0;
}

/** The score of one area for an address: the best town match, plus 1 when it names the city. */
function scoreOf(area: Area, town: string, city: { all: string[]; specific: string }): number {
  const { place, words, towns } = wordsOf(area);
  // "宇都宮 泉町" is only the 泉町 of 宇都宮: an address elsewhere does not match it at all.
  if (place !== null && !city.all.includes(stem(place)) && townMatch(town, place) < 3) return 0;
  const named = place === null ? words : [place, ...words];
  const byTown = Math.max(0, ...[...named, ...towns].map((word) => townMatch(town, word)));
  const byCity = named.some((word) => stem(word) === city.specific) ? 1 : 0;
  return byTown + byCity;
}

/** The one area of the prefecture that matches the address best, or undefined (none, or a tie). */
function bestArea(areas: readonly Area[], address: FoundAddress): Area | undefined {
  const town = normalize(address.town);
  const city = cityStems(address.city);
  let best: Area | undefined;
  let bestScore = 0;
  let tied = false;
  for (const area of areas) {
    const score = scoreOf(area, town, city);
    if (score > bestScore) {
      best = area;
      bestScore = score;
      tied = false;
    } else if (score === bestScore && score > 0) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}

/**
 * The region, prefecture and (when clear) area of a found address. The prefecture is found by its
 * name (東京都), else by the lookup's id; null when neither is one of ours.
 */
export function areaPresetOf(address: FoundAddress): AreaPreset | null {
  const name = normalize(address.prefecture_name);
  const prefecture =
    PREFECTURES.find((p) => p.name === name) ?? PREFECTURES.find((p) => p.id === address.prefecture_id);
  if (!prefecture) return null;
  const region = REGIONS.find((r: Region) => r.prefectures.includes(prefecture))!;
  return {
    region: region.id,
    prefecture: prefecture.id,
    area: bestArea(prefecture.areas, address)?.id ?? "",
  };
}

/**
 * The pickers' selection after a lookup: another prefecture replaces the whole selection (with the
 * area found, or none); in the same prefecture a found area replaces a different one (and the
 * group and detail chosen for it), and nothing found keeps what the store chose. No preset (an
 * address outside the tree) changes nothing.
 */
export function mergeAreaPreset(current: AreaPath, preset: AreaPreset | null): AreaPath {
  if (!preset) return current;
  const fresh: AreaPath = { ...preset, group: "", area_detail: "" };
  if (current.prefecture !== preset.prefecture) return fresh;
  if (preset.area === "" || current.area === preset.area) return current;
  return fresh;
}
