/**
 * The query parameters of every list of the API and the pages (ADR 0020), as builders: a
 * parameter's Japanese label and messages, and a zod parser per kind of value (a number, one of an
 * enumeration, a list, a boolean, paging, a date range). The directory's searches
 * (directory-search.ts), the feeds, the lives, the map and the favourites build their queries
 * from these. Nothing here knows the area tree: a module that needs only these builders does not
 * carry it into a page's JavaScript.
 *
 * Multi-value parameters are comma-separated (`bloodTypes=A,AB`); a repeated name (what an HTML
 * form with checkboxes sends: `bloodTypes=A&bloodTypes=AB`) is read the same way. An unknown
 * enumeration value or a non-number where a number belongs is an error (the API answers 400
 * `invalid-argument`), never an empty list. Unknown parameter names are ignored.
 */
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./paging";

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
export const single = (values: unknown) => (Array.isArray(values) ? values[0] : undefined);

/*
 * Each builder also says, in zod's `.meta()`, what the parameter looks like on the wire: the
 * parsers read strings, so the generated OpenAPI document (app/.server/openapi) takes the
 * parameter's type from `override` (zod-openapi) and its list style from `param`.
 */
/** A comma-separated list; a repeated name is read the same way. */
export const LIST_PARAM = { style: "form", explode: false } as const;

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

export function idList(name: QueryParamName) {
  const parser = z.preprocess(
    (v) => (Array.isArray(v) ? v : []),
    z
      .array(z.string().max(128, SEARCH_MESSAGES.invalid))
      .max(IDS_MAX, SEARCH_MESSAGES.tooMany(name))
      .transform((list) => [...new Set(list)]),
  );
  return parser.meta({ param: LIST_PARAM });
}

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
