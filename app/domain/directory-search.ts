/**
 * The directory's searches (ADR 0020): `GET /api/livers`, `GET /api/staffs` and the pages
 * `/search/liver`, `/search/staff`, which take the same names so a search can be shared as a URL
 * and replayed against the API. Built from the query-parameter builders of query-params.ts; the
 * area filters check their ids against the area tree.
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
import {
  areaParam,
  booleanParam,
  enumList,
  enumParam,
  IDS_MAX,
  idList,
  integerParam,
  KEYWORD_MAX_LENGTH,
  LIST_PARAM,
  pagingShape,
  parseWith,
  type Query,
  SEARCH_MESSAGES,
  SMALLINT_MAX,
} from "./query-params";
import { LIST_SORTS } from "./search-query";
import { charLength } from "./text-fields";

// What the pages' scripts need (no zod, no area tree): see search-query.ts.
export {
  hasFilters,
  searchQueryString,
} from "./search-query";

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

/**
 * `/coupons` (ADR 0058): the directory's area filters and store type (the names of `/search/liver`, ADR 0020)
 * and paging.
 */
export const CouponSearchSchema = LiverFiltersShape.pick({
  region: true,
  prefecture: true,
  group: true,
  area: true,
  area_detail: true,
  store_type: true,
  page: true,
  pageSize: true,
});

export type CouponSearch = z.output<typeof CouponSearchSchema>;

export const parseLiverSearch = (query: Query | URLSearchParams) => parseWith(LiverSearchSchema, query);
export const parseStaffSearch = (query: Query | URLSearchParams) => parseWith(StaffSearchSchema, query);

/** The staff search without paging: what a search page keeps in its URL. */
export type StaffFilters = Omit<StaffSearch, "page" | "pageSize">;
export type LiverFilters = Omit<LiverSearch, "page" | "pageSize">;
