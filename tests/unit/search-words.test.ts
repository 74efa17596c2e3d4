import { describe, expect, it } from "vitest";
import {
  LiverFiltersShape,
  parseLiverSearch,
  parseStaffSearch,
  StaffSearchSchema,
} from "~/domain/directory-search";
import { FeedSearchSchema, parseFeedSearch } from "~/domain/feed-search";
import { GEO_MESSAGES, parseNearbySearch, parsePostMapQuery } from "~/domain/geo";
import { LiveListSchema } from "~/domain/live";
import { FEED_SORTS } from "~/domain/posts";
import {
  DateRangeSchema,
  FavoriteListSchema,
  parseDateRange,
  parseFavoriteList,
  parseWith,
  QUERY_PARAM_LABELS,
  SEARCH_MESSAGES,
} from "~/domain/query-params";
import { LIST_SORTS, SORT_LABELS } from "~/domain/search-query";

describe("the sort labels: one name per sort on every page", () => {
  it.each([
    ["new", "新着順"],
    ["popular", "人気順"],
    ["matching", "相性が良い順"],
  ] as const)("%s → %s", (sort, label) => {
    expect(SORT_LABELS[sort]).toBe(label);
  });

  it("the staff search and the feeds offer the same sorts, under the same API values", () => {
    for (const sort of LIST_SORTS) {
      expect(parseStaffSearch(new URLSearchParams({ sort }))).toMatchObject({ ok: true, value: { sort } });
      expect(parseFeedSearch(new URLSearchParams({ sort }))).toMatchObject({ ok: true, value: { sort } });
    }
    expect([...FEED_SORTS]).toEqual([...LIST_SORTS]);
    expect(Object.keys(SORT_LABELS)).toEqual([...LIST_SORTS]);
  });
});

const q = (query: string) => new URLSearchParams(query);

/** Every message a refused query can show: in Japanese words (a few wire values, never a parameter name). */
describe("the messages of a refused query name no parameter", () => {
  it.each([
    // /search/staff and GET /api/staffs
    [parseStaffSearch(q("ageFrom=abc")), "年齢（下限）は半角数字で指定してください"],
    [parseStaffSearch(q("ageTo=40000")), "年齢（上限）は0〜32767の数字で指定してください"],
    [parseStaffSearch(q("heightFrom=x")), "身長（下限）は半角数字で指定してください"],
    [parseStaffSearch(q("heightTo=-3")), "身長（上限）は半角数字で指定してください"],
    [parseStaffSearch(q("bloodTypes=C")), "血液型に指定できない値です（C）"],
    [parseStaffSearch(q("bustTypes=x")), "バストに指定できない値です（x）"],
    [parseStaffSearch(q("typeTypes=x")), "体型に指定できない値です（x）"],
    [parseStaffSearch(q("karaokeTypes=x")), "カラオケに指定できない値です（x）"],
    [parseStaffSearch(q("alcoholTypes=x")), "お酒に指定できない値です（x）"],
    [parseStaffSearch(q("smokeTypes=x")), "たばこに指定できない値です（x）"],
    [parseStaffSearch(q("sort=x")), "並び順に指定できない値です（x）"],
    [parseStaffSearch(q("page=0")), "ページは1〜100000の数字で指定してください"],
    [parseStaffSearch(q("pageSize=x")), "表示件数は半角数字で指定してください"],
    [parseStaffSearch(q(`keyword=${"あ".repeat(101)}`)), "キーワードは100文字以内で指定してください"],
    [parseStaffSearch(q(`region=${"x".repeat(40)}`)), `地方に指定できない値です（${"x".repeat(30)}…）`],
    // /search/liver, /gps and GET /api/livers
    [parseLiverSearch(q("prefecture=x")), "都道府県に指定できない値です（x）"],
    [parseLiverSearch(q("group=x")), "エリアグループに指定できない値です（x）"],
    [parseLiverSearch(q("area_detail=x")), "詳細エリアに指定できない値です（x）"],
    [parseLiverSearch(q("store_type=x")), "業種に指定できない値です（x）"],
    [parseLiverSearch(q("services=x")), "お店のタイプに指定できない値です（x）"],
    [parseLiverSearch(q("commitments=x")), "こだわりに指定できない値です（x）"],
    [parseLiverSearch(q("is_individual=x")), "法人・個人の区分は true か false で指定してください"],
    [parseNearbySearch(q("lng=139")), GEO_MESSAGES.lat],
    [parseNearbySearch(q("lat=35")), GEO_MESSAGES.lng],
    [parseNearbySearch(q("lat=35&lng=139&radius=0")), "検索範囲（m）は1〜50000の数字で指定してください"],
    // /sns feeds, /search/sns and GET /api/posts
    [parseFeedSearch(q("source=x")), "投稿の種類に指定できない値です（x）"],
    [parseFeedSearch(q("kind=x")), "種類に指定できない値です（x）"],
    [parseFeedSearch(q("following=x")), "フォロー中は true か false で指定してください"],
    [parseFeedSearch(q("sort=x")), "並び順に指定できない値です（x）"],
    [parsePostMapQuery(q("bbox=1,2")), GEO_MESSAGES.bbox],
    [parsePostMapQuery(q("bbox=1,2,3,4&zoom=99")), "地図の縮尺は0〜22の数字で指定してください"],
    // the API's other lists
    [parseDateRange(q("start=2026-13-01&end=2026-01-01")), "開始日は YYYY-MM-DD の形で指定してください"],
    [parseDateRange(q("start=2026-02-01&end=2026-01-01")), "終了日は開始日以降の日付を指定してください"],
    [parseFavoriteList(q("kind=x")), "種類に指定できない値です（x）"],
    [parseWith(LiveListSchema, q("status=x")), "配信の状態に指定できない値です（x）"],
  ])("%# %j", (result, message) => {
    expect(result).toEqual({ ok: false, message });
    // No identifier of the wire (camelCase or snake_case) is left in the text.
    expect(message.replace(/YYYY-MM-DD|true|false|x+/g, "")).not.toMatch(/[A-Za-z_]{2,}/);
  });

  it("every parameter the parsers read has a Japanese label", () => {
    // (The position and the map box of /gps and /search/sns have GEO_MESSAGES of their own.)
    const shapes = [
      StaffSearchSchema.shape,
      LiverFiltersShape.shape,
      FeedSearchSchema.shape,
      LiveListSchema.shape,
      DateRangeSchema.shape,
      FavoriteListSchema.shape,
    ];
    const names = shapes.flatMap((shape) => Object.keys(shape));
    for (const name of names) expect(QUERY_PARAM_LABELS, name).toHaveProperty(name);
    for (const label of Object.values(QUERY_PARAM_LABELS))
      expect(label.replace("ID", "")).not.toMatch(/[A-Za-z_]{2,}/);
    expect(SEARCH_MESSAGES.keyword).toBe("キーワードは100文字以内で指定してください");
  });
});
