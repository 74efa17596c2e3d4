import { z } from "zod";
import { isValidAreaPath } from "./areas";
import { parseDegree } from "./geo-units";
import { LIVER_FIELD_LABELS, LIVER_REGISTRATION_MESSAGES, STORE_FIELDS } from "./liver-registration";
import { VENUE_FEATURE_VALUES, VENUE_TYPE_VALUES } from "./options";
import { ACCESS_ROW_LABELS, STORE_INTRO_FIELDS, STORE_INTRO_LABELS } from "./store-intro";
import { messages } from "./validators";

/**
 * The store profile of the back office (`/liver/mypage/profile`, docs/product.md liver fields): the fields
 * of registration plus the URL slug, listing status, services, commitments and holidays, and the top
 * of the store page: 紹介文, access and the first visit (`store-intro.ts`, ADR 0056).
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/** Days a store may be closed on (stored as these labels, as the demo data has them). */
export const HOLIDAY_OPTIONS = [
  { value: "日曜", label: "日曜" },
  { value: "月曜", label: "月曜" },
  { value: "火曜", label: "火曜" },
  { value: "水曜", label: "水曜" },
  { value: "木曜", label: "木曜" },
  { value: "金曜", label: "金曜" },
  { value: "土曜", label: "土曜" },
  { value: "祝日", label: "祝日" },
  { value: "不定休", label: "不定休" },
] as const;
export const HOLIDAY_VALUES: readonly string[] = HOLIDAY_OPTIONS.map((o) => o.value);

/** What the store itself may choose; `suspended` and `deleted` belong to the operator. */
export const STORE_LISTING_STATUSES = [
  { value: "public", label: "公開する（検索・一覧に掲載）" },
  { value: "private", label: "非公開にする（一時的に掲載を止める）" },
] as const;

export const STORE_PROFILE_LABELS = {
  store_name: LIVER_FIELD_LABELS.store_name,
  store_name_kana: LIVER_FIELD_LABELS.store_name_kana,
  slug: "店舗ページのURL",
  store_type: LIVER_FIELD_LABELS.store_type,
  status: "掲載状態",
  phone_number: LIVER_FIELD_LABELS.phone_number,
  postal_code: LIVER_FIELD_LABELS.postal_code,
  address: LIVER_FIELD_LABELS.address,
  buildingName: LIVER_FIELD_LABELS.buildingName,
  region: LIVER_FIELD_LABELS.region,
  prefecture: LIVER_FIELD_LABELS.prefecture,
  group: LIVER_FIELD_LABELS.group,
  area: LIVER_FIELD_LABELS.area,
  area_detail: LIVER_FIELD_LABELS.area_detail,
  business_start_time: LIVER_FIELD_LABELS.business_start_time,
  business_end_time: LIVER_FIELD_LABELS.business_end_time,
  holidays: "定休日",
  services: "業態",
  commitments: "こだわり条件",
  lat: "緯度",
  lng: "経度",
  pr_text: STORE_INTRO_LABELS.pr_text,
  access: STORE_INTRO_LABELS.access,
  ...ACCESS_ROW_LABELS,
  "first_visit.price_jpy": STORE_INTRO_LABELS["first_visit.price_jpy"],
  "first_visit.minutes": STORE_INTRO_LABELS["first_visit.minutes"],
  "first_visit.includes": STORE_INTRO_LABELS["first_visit.includes"],
} as const;

export const STORE_PROFILE_MESSAGES = {
  slug: `URLは${SLUG_MIN}〜${SLUG_MAX}文字の半角英小文字・数字・ハイフンで入力してください（先頭と末尾は英数字）`,
  slug_reserved: "このURLは使用できません。別のURLを入力してください",
  slug_taken: "このURLは既に使われています。別のURLを入力してください",
  status: "掲載状態を選択してください",
  list_item: "一覧から選択してください",
  saved: "店舗情報を保存しました",
  lat: "緯度は -90〜90 の数値（例：35.6938）で入力してください",
  lng: "経度は -180〜180 の数値（例：139.7034）で入力してください",
  pin_pair: "緯度と経度は両方入力してください",
} as const;

const M = STORE_PROFILE_MESSAGES;

/** Words a slug may not be: they read like pages of the site. */
const RESERVED_SLUGS = new Set([
  "admin",
  "api",
  "new",
  "edit",
  "mypage",
  "login",
  "staff",
  "liver",
  "listener",
]);

/** Whether a slug is one of the words that read like pages of the site. */
export function isReservedSlug(value: string): boolean {
  return RESERVED_SLUGS.has(value);
}

/** 3–40 of a–z 0–9 and "-", starting and ending with a letter or digit, no "--". */
export function isSlug(value: string): boolean {
  return (
    value.length >= SLUG_MIN &&
    value.length <= SLUG_MAX &&
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(value) &&
    !value.includes("--")
  );
}

/** The slug field: trimmed and lower-cased (full-width letters folded), then checked. */
const zSlug = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.normalize("NFKC").trim().toLowerCase() : (value ?? "")),
    z.string({ error: messages.invalid_type }).superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: messages.required });
      else if (!isSlug(value)) ctx.addIssue({ code: "custom", message: M.slug });
      else if (RESERVED_SLUGS.has(value)) ctx.addIssue({ code: "custom", message: M.slug_reserved });
    }),
  );

/** A checkbox group: each value once, each one of `allowed`, kept in the order of `allowed`. */
export const zPickList = (allowed: readonly string[]) =>
  z
    .array(z.string({ error: messages.invalid_type }), { error: messages.invalid_type })
    .superRefine((values, ctx) => {
      if (values.some((value) => !allowed.includes(value)))
        ctx.addIssue({ code: "custom", message: M.list_item });
    })
    .transform((values) => allowed.filter((value) => values.includes(value)));

/**
 * One coordinate of the store's pin: empty means "not given" (the pin is then kept, or placed at
 * the area's centre); anything else must be a decimal degree within [min, max].
 */
const zPinDegree = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: message })
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === "") return undefined;
        const value = parseDegree(text, min, max);
        if (value === undefined) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return value;
      }),
  );

export const StoreProfileSchema = z
  .object({
    ...STORE_FIELDS,
    slug: zSlug(),
    status: z.enum(["public", "private"], { error: M.status }),
    holidays: zPickList(HOLIDAY_VALUES),
    services: zPickList(VENUE_TYPE_VALUES),
    commitments: zPickList(VENUE_FEATURE_VALUES),
    // The map pin (ADR 0028): both or neither.
    lat: zPinDegree(-90, 90, M.lat),
    lng: zPinDegree(-180, 180, M.lng),
    ...STORE_INTRO_FIELDS,
  })
  .superRefine((v, ctx) => {
    if (!isValidAreaPath(v))
      ctx.addIssue({ code: "custom", path: ["area"], message: LIVER_REGISTRATION_MESSAGES.area });
    if (v.lat === undefined && v.lng !== undefined)
      ctx.addIssue({ code: "custom", path: ["lat"], message: M.pin_pair });
    if (v.lng === undefined && v.lat !== undefined)
      ctx.addIssue({ code: "custom", path: ["lng"], message: M.pin_pair });
  });

/** The checkbox groups of the form (parseForm turns "none checked" into []). */
export const STORE_PROFILE_ARRAYS = ["holidays", "services", "commitments"] as const;

export type StoreProfileInput = z.output<typeof StoreProfileSchema>;
