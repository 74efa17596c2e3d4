import { priceLabel } from "./format";

/*
 * The top of a store page as readers see it (docs/product.md 紹介文・アクセス・初回料金, ADR 0056):
 * the shapes of `pr_text`, `access` and `first_visit`, their limits and words. Apart from
 * `store-intro.ts` (the form's schema parts) so that cards and pages that only show them load
 * neither zod nor the validators, as `price-system-display.ts` is apart from `price-system.ts`.
 */

export const PR_TEXT_MAX = 2_000;
export const ACCESS_MAX = 3;
export const WALK_MINUTES_MIN = 1;
export const WALK_MINUTES_MAX = 60;
/**
 * Walking speed of the estimate (ADR 0056): 80 m a minute, the figure Japanese property listings
 * use (不動産の表示に関する公正競争規約), applied to the straight-line distance and rounded up.
 */
export const WALK_METRES_PER_MINUTE = 80;
export const STATION_NAME_MAX = 40;
export const LINE_NAME_MAX = 60;
export const FIRST_VISIT_PRICE_MAX = 999_999;
export const FIRST_VISIT_MINUTES_MIN = 10;
export const FIRST_VISIT_MINUTES_MAX = 720;
export const FIRST_VISIT_INCLUDES_MAX = 100;

/** One way to the store: a station of the station data, its line and the walk in minutes. */
export interface StationAccess {
  station: string;
  line: string;
  walk_minutes: number;
}

/** An access row as the form sent it: `row` is its key in the form (`access.<row>.station`). */
export interface AccessRowInput extends StationAccess {
  row: string;
}

/** The first-visit price (初回料金): yen for `minutes`, and what it includes (may be ""). */
export interface FirstVisit {
  price_jpy: number;
  minutes: number;
  includes: string;
}

export const STORE_INTRO_LABELS = {
  pr_text: "紹介文",
  access: "アクセス（最寄り駅）",
  station: "駅名",
  line: "路線",
  walk_minutes: "徒歩（分）",
  first_visit: "初回料金",
  "first_visit.price_jpy": "初回料金（円）",
  "first_visit.minutes": "初回の時間（分）",
  "first_visit.includes": "料金に含まれるもの",
} as const;

export const STORE_INTRO_MESSAGES = {
  station_required: "駅名を入力してください",
  line_required: "路線を入力してください",
  walk_minutes: `徒歩の分数は${WALK_MINUTES_MIN}〜${WALK_MINUTES_MAX}の半角数字で入力してください`,
  walk_minutes_required: "徒歩の分数を入力してください",
  too_many_stations: `最寄り駅は${ACCESS_MAX}つまで登録できます`,
  duplicate_station: "同じ駅と路線が2回入力されています",
  unknown_station: "駅データにない駅名です。駅名だけを入力してください（例：新宿）",
  unknown_line: (station: string, lines: readonly string[]) =>
    `${stationLabel(station)}の路線から入力してください（${lines.join("、")}）`,
  price: `初回料金は0〜${FIRST_VISIT_PRICE_MAX.toLocaleString("ja-JP")}円の半角数字で入力してください`,
  minutes: `初回の時間は${FIRST_VISIT_MINUTES_MIN}〜${FIRST_VISIT_MINUTES_MAX}分の半角数字で入力してください`,
  first_visit_pair: "初回料金と時間は両方入力してください",
  includes_without_price: "初回料金と時間も入力してください",
} as const;

/** A station's name as stored: NFKC, spaces and a trailing 駅 dropped ("新宿駅 " → "新宿"). */
export function normalizeStationName(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[\s\u3000]+/g, "")
    .replace(/\(/g, "（")
    .replace(/\)/g, "）")
    .replace(/駅$/, "");
}

/** A line's name compared: NFKC, spaces dropped, parentheses full-width. */
export function normalizeLineName(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[\s\u3000]+/g, "")
    .replace(/\(/g, "（")
    .replace(/\)/g, "）");
}

/** "新宿駅" (a name that already ends in 駅, a tram stop such as 広島駅, stays as it is). */
export function stationLabel(station: string): string {
  return station.endsWith("駅") ? station : `${station}駅`;
}

/** 「新宿駅 徒歩5分（JR山手線）」, as the store page lists its access. */
export function accessLabel({ station, line, walk_minutes }: StationAccess): string {
  return `${stationLabel(station)} 徒歩${walk_minutes}分（${line}）`;
}

/** 「初回 60分 ¥3,000〜」 (「初回 60分 無料」 for 0 yen), as store pages and cards show it. */
export function firstVisitLabel({ price_jpy, minutes }: Pick<FirstVisit, "price_jpy" | "minutes">): string {
  return `初回 ${minutes}分 ${price_jpy === 0 ? priceLabel(0) : `${priceLabel(price_jpy)}〜`}`;
}

/**
 * schema.org `priceRange` of a store page: the lowest and highest of the first visit and the set
 * prices (「¥3,000〜¥8,000」, one price alone 「¥3,000〜」); undefined without any.
 */
export function priceRangeOf(
  firstVisit: Pick<FirstVisit, "price_jpy"> | null,
  sets: readonly { price: number }[] = [],
): string | undefined {
  const prices = [...(firstVisit ? [firstVisit.price_jpy] : []), ...sets.map((set) => set.price)];
  if (prices.length === 0) return undefined;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? `${priceLabel(low)}〜` : `${priceLabel(low)}〜${priceLabel(high)}`;
}

/**
 * schema.org `addressLocality`: the city (and ward) at the start of the address after its
 * prefecture (「東京都新宿区歌舞伎町1-2-3」 → 「新宿区」, 「神奈川県横浜市中区…」 → 「横浜市中区」), else
 * `fallback` (the store's area).
 */
export function addressLocalityOf(
  address: string,
  prefectureName: string | undefined,
  fallback: string,
): string {
  const rest =
    prefectureName && address.startsWith(prefectureName) ? address.slice(prefectureName.length) : address;
  const city = /^([^\d\s]+?市[^\d\s市]{1,4}区|[^\d\s]+?郡[^\d\s]+?[町村]|[^\d\s]+?[市区町村])/.exec(
    rest.normalize("NFKC").trim(),
  );
  return city?.[1] ?? fallback;
}
