/**
 * The query parameters of the public lists (ADR 0020): `GET /api/livers`, `GET /api/staffs`
 * and the pages `/search/liver`, `/search/staff`, which take the same names so a search can be
 * shared as a URL and replayed against the API.
 *
 * Multi-value parameters are comma-separated (`bloodTypes=A,AB`); a repeated name (what an HTML
 * form with checkboxes sends: `bloodTypes=A&bloodTypes=AB`) is read the same way. An unknown
 * enumeration value or a non-number where a number belongs is an error (the API answers 400
 * `invalid-argument`), never an empty list. Unknown parameter names are ignored.
 */
import { z } from "zod";
import { findArea, findAreaDetail, findGroup, findPrefecture, findRegion } from "./areas";
import {
  ALCOHOL_TYPE_VALUES,
  BLOOD_TYPE_VALUES,
  BUST_TYPE_VALUES,
  KARAOKE_TYPE_VALUES,
  SMOKE_TYPE_VALUES,
  STORE_TYPE_VALUES,
  TYPE_TYPE_VALUES,
  VENUE_FEATURE_VALUES,
  VENUE_TYPE_VALUES,
} from "./options";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./paging";
import { LIST_SORTS } from "./search-query";
import { charLength } from "./text-fields";

// What the pages' scripts need (no zod, no area tree): see search-query.ts.
export {
  hasFilters,
  searchQueryString,
} from "./search-query";

export const KEYWORD_MAX_LENGTH = 100;
export const IDS_MAX = 100;
const NUMBER_MAX = 100_000;
/**
 * Bounds of a filter on a `smallint` column (staffs.age, staffs.height): a larger number is a 400
 * with the range in the message, not a PostgreSQL "out of range" error (500, ADR 0017).
 */
export const SMALLINT_MAX = 32_767;

/**
 * The Japanese name of every query parameter of the public lists, as the search forms label it.
 * A refused search's message (the API's `message`, the 400 page's notice) names the parameter by
 * this label, never by its wire name: the builders below take only these names.
 */
export const QUERY_PARAM_LABELS = {
  ids: "店舗ID",
  liverIds: "店舗ID",
  staffId: "キャストID",
  liverId: "店舗ID",
  is_individual: "法人・個人の区分",
  region: "地方",
  prefecture: "都道府県",
  group: "エリアグループ",
  area: "エリア",
  area_detail: "詳細エリア",
  areas: "エリア",
  store_type: "業種",
  storeTypes: "業種",
  services: "お店のタイプ",
  commitments: "こだわり",
  keyword: "キーワード",
  ageFrom: "年齢（下限）",
  ageTo: "年齢（上限）",
  heightFrom: "身長（下限）",
  heightTo: "身長（上限）",
  bloodTypes: "血液型",
  bustTypes: "バスト",
  typeTypes: "体型",
  karaokeTypes: "カラオケ",
  alcoholTypes: "お酒",
  smokeTypes: "たばこ",
  sort: "並び順",
  page: "ページ",
  pageSize: "表示件数",
  source: "投稿の種類",
  kind: "種類",
  following: "フォロー中",
  status: "配信の状態",
  radius: "検索範囲（m）",
  zoom: "地図の縮尺",
  start: "開始日",
  end: "終了日",
} as const;

export type QueryParamName = keyof typeof QUERY_PARAM_LABELS;

/** A value echoed in a message, cut short (a URL can carry anything). */
const ECHO_MAX = 30;
const echo = (value: string) =>
  Array.from(value).length > ECHO_MAX ? `${Array.from(value).slice(0, ECHO_MAX).join("")}…` : value;

/** Japanese messages of the search parameters (the API's `message`, the pages' notice). */
export const SEARCH_MESSAGES = {
  invalid: "検索条件が正しくありません",
  number: (name: QueryParamName) => `${QUERY_PARAM_LABELS[name]}は半角数字で指定してください`,
  range: (name: QueryParamName, min: number, max: number) =>
    `${QUERY_PARAM_LABELS[name]}は${min}〜${max}の数字で指定してください`,
  enumValue: (name: QueryParamName, value: string) =>
    `${QUERY_PARAM_LABELS[name]}に指定できない値です（${echo(value)}）`,
  tooMany: (name: QueryParamName) => `${QUERY_PARAM_LABELS[name]}は${IDS_MAX}件までです`,
  keyword: `${QUERY_PARAM_LABELS.keyword}は${KEYWORD_MAX_LENGTH}文字以内で指定してください`,
  boolean: (name: QueryParamName) => `${QUERY_PARAM_LABELS[name]}は true か false で指定してください`,
  date: (name: QueryParamName) => `${QUERY_PARAM_LABELS[name]}は YYYY-MM-DD の形で指定してください`,
  dateOrder: `${QUERY_PARAM_LABELS.end}は${QUERY_PARAM_LABELS.start}以降の日付を指定してください`,
} as const;

/**
 * URLSearchParams as `{name: [values]}`: every occurrence of a name, each split at commas,
 * trimmed, empty parts dropped. A name sent only empty (`?keyword=`) maps to [] (= not given).
 */
export function readQuery(params: URLSearchParams): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, raw] of params) {
    const parts = raw
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
    out[name] = [...(out[name] ?? []), ...parts];
  }
  return out;
}

export type Query = Record<string, string[] | undefined>;

// ---------------------------------------------------------------------------------------------
// Building blocks: each reads the list of values of one parameter.

/** The single value of a parameter (the first when repeated), or undefined when absent. */
const single = (values: unknown) => (Array.isArray(values) ? values[0] : undefined);

/*
 * Each builder also says, in zod's `.meta()`, what the parameter looks like on the wire: the
 * parsers read strings, so the generated OpenAPI document (app/.server/openapi) takes the
 * parameter's type from `override` (zod-openapi) and its list style from `param`.
 */
/** A comma-separated list; a repeated name is read the same way. */
const LIST_PARAM = { style: "form", explode: false } as const;

export function integerParam(
  name: QueryParamName,
  min: number,
  max: number,
  wire: { default?: number } = {},
) {
  const parser = z.preprocess(
    single,
    z
      .string()
      .transform((s, ctx) => {
        const n = s.normalize("NFKC").trim();
        if (!/^\d{1,9}$/.test(n)) {
          ctx.addIssue({ code: "custom", message: SEARCH_MESSAGES.number(name) });
          return z.NEVER;
        }
        return Number(n);
      })
      .pipe(
        z
          .number()
          .min(min, SEARCH_MESSAGES.range(name, min, max))
          .max(max, SEARCH_MESSAGES.range(name, min, max)),
      )
      .optional(),
  );
  return parser.meta({ override: { type: "integer", minimum: min, maximum: max, ...wire } });
}

export function enumList<const T extends readonly [string, ...string[]]>(name: QueryParamName, values: T) {
  const parser = z.preprocess(
    (v) => (Array.isArray(v) ? v : []),
    z
      .array(z.string())
      .superRefine((list, ctx) => {
        if (list.length > IDS_MAX) ctx.addIssue({ code: "custom", message: SEARCH_MESSAGES.tooMany(name) });
        const bad = list.find((v) => !(values as readonly string[]).includes(v));
        if (bad !== undefined)
          ctx.addIssue({ code: "custom", message: SEARCH_MESSAGES.enumValue(name, bad) });
      })
      .transform((list) => [...new Set(list)] as T[number][]),
  );
  return parser.meta({
    param: LIST_PARAM,
    override: { type: "array", items: { type: "string", enum: [...values] }, maxItems: IDS_MAX },
  });
}

export function enumParam<const T extends readonly [string, ...string[]]>(
  name: QueryParamName,
  values: T,
  wire: { default?: T[number] } = {},
) {
  const parser = z.preprocess(
    single,
    z
      .string()
      .refine((v) => (values as readonly string[]).includes(v), {
        error: (issue) => SEARCH_MESSAGES.enumValue(name, String(issue.input)),
      })
      .transform((v) => v as T[number])
      .optional(),
  );
  return parser.meta({ override: { type: "string", enum: [...values], ...wire } });
}

/** An id of the area tree at one level; unknown ids are errors like unknown enum values. */
export function areaParam(name: QueryParamName, exists: (id: string) => boolean) {
  return z.preprocess(
    single,
    z
      .string()
      .refine(exists, { error: (issue) => SEARCH_MESSAGES.enumValue(name, String(issue.input)) })
      .optional(),
  );
}

function idList(name: QueryParamName) {
  const parser = z.preprocess(
    (v) => (Array.isArray(v) ? v : []),
    z
      .array(z.string().max(128, SEARCH_MESSAGES.invalid))
      .max(IDS_MAX, SEARCH_MESSAGES.tooMany(name))
      .transform((list) => [...new Set(list)]),
  );
  return parser.meta({ param: LIST_PARAM });
}

const keywordParser = z.preprocess(
  (v) => (Array.isArray(v) && v.length > 0 ? v.join(" ") : undefined),
  z
    .string()
    .refine((s) => charLength(s) <= KEYWORD_MAX_LENGTH, SEARCH_MESSAGES.keyword)
    .optional(),
);
const keywordParam = keywordParser.meta({
  override: { type: "string", maxLength: KEYWORD_MAX_LENGTH },
  description:
    "matches anywhere in the name or its reading; full-width letters, case and hiragana/katakana are folded",
});

export function booleanParam(name: QueryParamName) {
  const parser = z.preprocess(
    single,
    z
      .string()
      .transform((s, ctx) => {
        if (s === "true" || s === "1") return true;
        if (s === "false" || s === "0") return false;
        ctx.addIssue({ code: "custom", message: SEARCH_MESSAGES.boolean(name) });
        return z.NEVER;
      })
      .optional(),
  );
  return parser.meta({ override: { type: "boolean" } });
}

/** `page` and `pageSize` of every list (exported for the feeds, domain/feed-search.ts). */
export const pagingShape = {
  page: integerParam("page", 1, NUMBER_MAX, { default: 1 })
    .meta({ description: "1-based page" })
    .transform((v) => v ?? 1),
  // ADR 0020: pageSize defaults to 10 and is capped at 100 (a larger one is not an error).
  pageSize: integerParam("pageSize", 1, NUMBER_MAX, { default: PAGE_SIZE_DEFAULT })
    .meta({ description: `items per page, capped at ${PAGE_SIZE_MAX}` })
    .transform((v) => Math.min(v ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX)),
};

const areaShape = {
  region: areaParam("region", (id) => Boolean(findRegion(id))).meta({
    description: "region id of `GET /api/areas`",
  }),
  prefecture: areaParam("prefecture", (id) => Boolean(findPrefecture(id))).meta({
    description: "prefecture id",
  }),
  group: areaParam("group", (id) => Boolean(findGroup(id))).meta({
    description: "group id: matches any of its areas",
  }),
  area: areaParam("area", (id) => Boolean(findArea(id))).meta({ description: "area id" }),
  area_detail: areaParam("area_detail", (id) => Boolean(findAreaDetail(id))).meta({
    description: "area detail id",
  }),
};

// ---------------------------------------------------------------------------------------------
// The two searches.

/**
 * The store filters of `GET /api/livers` and `/search/liver` (docs/product.md also names `liverIds` there:
 * an alias of `ids`), before the two id lists are merged; the nearby search extends it (geo.ts).
 */
export const LiverFiltersShape = z.object({
  ids: idList("ids").meta({ description: "store ids" }),
  liverIds: idList("liverIds").meta({ description: "store ids: the same as `ids`" }),
  is_individual: booleanParam("is_individual").meta({ description: "individual stores only, or none" }),
  ...areaShape,
  store_type: enumParam("store_type", STORE_TYPE_VALUES).meta({ description: "one store type" }),
  keyword: keywordParam,
  areas: z
    .preprocess(
      (v) => (Array.isArray(v) ? v : []),
      z
        .array(z.string())
        .max(IDS_MAX, SEARCH_MESSAGES.tooMany("areas"))
        .superRefine((list, ctx) => {
          const bad = list.find((id) => !findArea(id));
          if (bad !== undefined)
            ctx.addIssue({ code: "custom", message: SEARCH_MESSAGES.enumValue("areas", bad) });
        })
        .transform((list) => [...new Set(list)]),
    )
    .meta({ param: LIST_PARAM, description: "area ids, any of" }),
  storeTypes: enumList("storeTypes", STORE_TYPE_VALUES).meta({ description: "any of" }),
  services: enumList("services", VENUE_TYPE_VALUES).meta({ description: "venue types, any of" }),
  commitments: enumList("commitments", VENUE_FEATURE_VALUES).meta({
    description: "venue features, any of",
  }),
  ...pagingShape,
});

/** `ids` and its alias `liverIds` as one list. */
export function mergeLiverIds<T extends { ids: string[]; liverIds: string[] }>({
  liverIds,
  ids,
  ...rest
}: T) {
  return { ...rest, ids: [...new Set([...ids, ...liverIds])] };
}

/** `GET /api/livers` and `/search/liver`. */
export const LiverSearchSchema = LiverFiltersShape.transform(mergeLiverIds);

export type LiverSearch = z.output<typeof LiverSearchSchema>;

/** `GET /api/staffs` and `/search/staff`. The area filters apply to the staff member's store. */
export const StaffSearchSchema = z.object({
  liverIds: idList("liverIds").meta({ description: "store ids" }),
  ageFrom: integerParam("ageFrom", 0, SMALLINT_MAX).meta({ description: "inclusive" }),
  ageTo: integerParam("ageTo", 0, SMALLINT_MAX).meta({ description: "inclusive" }),
  heightFrom: integerParam("heightFrom", 0, SMALLINT_MAX).meta({
    description: "inclusive; excludes staff without a height",
  }),
  heightTo: integerParam("heightTo", 0, SMALLINT_MAX).meta({
    description: "inclusive; excludes staff without a height",
  }),
  bloodTypes: enumList("bloodTypes", BLOOD_TYPE_VALUES).meta({ description: "any of" }),
  bustTypes: enumList("bustTypes", BUST_TYPE_VALUES).meta({ description: "any of" }),
  typeTypes: enumList("typeTypes", TYPE_TYPE_VALUES).meta({ description: "any of (body type)" }),
  karaokeTypes: enumList("karaokeTypes", KARAOKE_TYPE_VALUES).meta({ description: "any of" }),
  alcoholTypes: enumList("alcoholTypes", ALCOHOL_TYPE_VALUES).meta({ description: "any of" }),
  smokeTypes: enumList("smokeTypes", SMOKE_TYPE_VALUES).meta({ description: "any of" }),
  keyword: keywordParam,
  ...areaShape,
  sort: enumParam("sort", LIST_SORTS, { default: "new" })
    .meta({
      description:
        "new: newest of last post and creation; popular: followers; matching: score against the signed-in listener (new without one, and for a listener who has not saved an answer yet)",
    })
    .transform((v) => v ?? "new"),
  ...pagingShape,
});

export type StaffSearch = z.output<typeof StaffSearchSchema>;

export type SearchParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseWith<S extends z.ZodType>(
  schema: S,
  query: Query | URLSearchParams,
): SearchParseResult<z.output<S>> {
  const input = query instanceof URLSearchParams ? readQuery(query) : query;
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message || SEARCH_MESSAGES.invalid };
}

export const parseLiverSearch = (query: Query | URLSearchParams) => parseWith(LiverSearchSchema, query);
export const parseStaffSearch = (query: Query | URLSearchParams) => parseWith(StaffSearchSchema, query);

/** The staff search without paging: what a search page keeps in its URL. */
export type StaffFilters = Omit<StaffSearch, "page" | "pageSize">;
export type LiverFilters = Omit<LiverSearch, "page" | "pageSize">;

/** Only `page` and `pageSize` (lists without filters, e.g. a store's staff). */
export const PagingSchema = z.object(pagingShape);
export const parsePaging = (query: Query | URLSearchParams) => parseWith(PagingSchema, query);

/** The longest range of `/api/staffs/{id}/schedules` (about three months). */
export const DATE_RANGE_MAX_DAYS = 93;

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  // PostgreSQL has no year 0 ("0000-01-01" is out of range there, a 500 before ADR 0017).
  if (s.startsWith("0000")) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const dateParam = (name: QueryParamName) =>
  z
    .preprocess(
      single,
      z.string({ error: SEARCH_MESSAGES.date(name) }).refine(isCalendarDate, SEARCH_MESSAGES.date(name)),
    )
    .meta({ param: { required: true }, override: { type: "string", format: "date" } });

/** `start` and `end` (YYYY-MM-DD, both required, inclusive, end not before start, at most 93 days). */
export const DateRangeSchema = z
  .object({ start: dateParam("start"), end: dateParam("end") })
  .refine((r) => r.start <= r.end, SEARCH_MESSAGES.dateOrder)
  .refine(
    (r) => (Date.parse(r.end) - Date.parse(r.start)) / 86_400_000 < DATE_RANGE_MAX_DAYS,
    `期間は${DATE_RANGE_MAX_DAYS}日以内で指定してください`,
  );
export const parseDateRange = (query: Query | URLSearchParams) => parseWith(DateRangeSchema, query);

/** `GET /api/favorites`: paging and an optional `kind` (staff or liver). */
export const FavoriteListSchema = z.object({
  kind: enumParam("kind", ["staff", "liver"] as const).meta({
    description: "only follows of staff or of stores",
  }),
  ...pagingShape,
});
export const parseFavoriteList = (query: Query | URLSearchParams) => parseWith(FavoriteListSchema, query);
