import { describe, expect, it } from "vitest";
import { hasFilters, parseLiverSearch, parseStaffSearch, searchQueryString } from "~/domain/directory-search";
import { parseDateRange, parsePaging, readQuery } from "~/domain/query-params";

const staff = (query: string) => parseStaffSearch(new URLSearchParams(query));
const liver = (query: string) => parseLiverSearch(new URLSearchParams(query));

describe("readQuery", () => {
  it("splits commas, keeps repeats, trims and drops empty parts", () => {
    expect(readQuery(new URLSearchParams("bloodTypes=A,AB&bloodTypes=O&keyword=&x=+a+,,b"))).toEqual({
      bloodTypes: ["A", "AB", "O"],
      keyword: [],
      x: ["a", "b"],
    });
  });
});

describe("staff search parameters", () => {
  it("defaults: sort new, page 1, pageSize 10, no filters", () => {
    const result = staff("");
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ sort: "new", page: 1, pageSize: 10, bloodTypes: [], liverIds: [] }),
    });
    expect(result.ok && result.value.ageFrom).toBeUndefined();
  });

  it.each([
    ["ageFrom=20&ageTo=30", { ageFrom: 20, ageTo: 30 }],
    ["ageFrom=２０", { ageFrom: 20 }], // full-width digits are digits
    ["heightFrom=150&heightTo=160", { heightFrom: 150, heightTo: 160 }],
    ["ageFrom=0&ageTo=32767", { ageFrom: 0, ageTo: 32767 }],
    ["bloodTypes=A,AB,A", { bloodTypes: ["A", "AB"] }],
    ["bustTypes=small&typeTypes=tall&karaokeTypes=sing&alcoholTypes=weak&smokeTypes=paper", {}],
    ["sort=popular", { sort: "popular" }],
    ["sort=matching", { sort: "matching" }],
    ["pageSize=500", { pageSize: 100 }],
    ["page=3&pageSize=20", { page: 3, pageSize: 20 }],
    [
      "region=kanto&prefecture=tokyo&group=shinjuku&area=kabukicho&area_detail=kabukicho-1",
      { group: "shinjuku" },
    ],
    ["keyword=ミサキ&keyword=ゆい", { keyword: "ミサキ ゆい" }],
    [`keyword=${"あ".repeat(100)}`, {}],
    ["keyword=🍸", { keyword: "🍸" }],
    ["unknown=whatever", {}],
  ])("accepts %s", (query, expected) => {
    const result = staff(query);
    expect(result.ok).toBe(true);
    expect(result.ok && result.value).toMatchObject(expected);
  });

  it.each([
    ["bloodTypes=C", "血液型に指定できない値です（C）"],
    ["bloodTypes=A,a", "血液型に指定できない値です（a）"],
    ["smokeTypes=", null], // empty = not given: accepted
    ["ageFrom=abc", "年齢（下限）は半角数字で指定してください"],
    ["ageFrom=-1", "年齢（下限）は半角数字で指定してください"],
    ["ageFrom=20.5", "年齢（下限）は半角数字で指定してください"],
    ["heightTo=1e3", "身長（上限）は半角数字で指定してください"],
    ["page=0", "ページは1〜100000の数字で指定してください"],
    // smallint columns: the bound is the column's, not a PostgreSQL error (ADR 0017)
    ["ageFrom=32768", "年齢（下限）は0〜32767の数字で指定してください"],
    ["ageTo=100000", "年齢（上限）は0〜32767の数字で指定してください"],
    ["heightFrom=99999", "身長（下限）は0〜32767の数字で指定してください"],
    ["heightTo=999999999", "身長（上限）は0〜32767の数字で指定してください"],
    ["page=x", "ページは半角数字で指定してください"],
    ["pageSize=0", "表示件数は1〜100000の数字で指定してください"],
    ["sort=random", "並び順に指定できない値です（random）"],
    ["region=atlantis", "地方に指定できない値です（atlantis）"],
    ["area=nowhere", "エリアに指定できない値です（nowhere）"],
    [`keyword=${"あ".repeat(101)}`, "キーワードは100文字以内で指定してください"],
    [`keyword=${"x".repeat(250)}`, "キーワードは100文字以内で指定してください"],
    [`liverIds=${Array.from({ length: 101 }, (_, i) => `s${i}`).join(",")}`, "店舗IDは100件までです"],
  ])("%s → %s", (query, message) => {
    const result = staff(query);
    if (message === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, message });
  });
});

describe("store search parameters", () => {
  it.each([
    ["ids=a,b&liverIds=b,c", { ids: ["a", "b", "c"] }],
    ["is_individual=true", { is_individual: true }],
    ["is_individual=0", { is_individual: false }],
    ["store_type=snack&storeTypes=club,lounge", { store_type: "snack", storeTypes: ["club", "lounge"] }],
    [
      "services=luxury&commitments=card,vip_room",
      { services: ["luxury"], commitments: ["card", "vip_room"] },
    ],
    ["areas=kabukicho,namba", { areas: ["kabukicho", "namba"] }],
  ])("accepts %s", (query, expected) => {
    const result = liver(query);
    expect(result.ok && result.value).toMatchObject(expected);
  });

  it.each([
    ["is_individual=yes", "法人・個人の区分は true か false で指定してください"],
    ["store_type=bar", "業種に指定できない値です（bar）"],
    ["storeTypes=club,pub", "業種に指定できない値です（pub）"],
    ["services=card", "お店のタイプに指定できない値です（card）"],
    ["commitments=luxury", "こだわりに指定できない値です（luxury）"],
    ["areas=kabukicho,mars", "エリアに指定できない値です（mars）"],
    ["group=ginza", "エリアグループに指定できない値です（ginza）"], // ginza is an area, not a group
  ])("%s → %s", (query, message) => {
    expect(liver(query)).toEqual({ ok: false, message });
  });
});

describe("searchQueryString / hasFilters", () => {
  it("writes lists comma-joined and leaves defaults out, so it parses back to the same search", () => {
    const parsed = staff("bloodTypes=A&bloodTypes=AB&sort=new&page=1&ageFrom=20&keyword=");
    const value = parsed.ok ? parsed.value : ({} as never);
    const qs = searchQueryString(value);
    expect(qs).toBe("ageFrom=20&bloodTypes=A%2CAB");
    const again = staff(qs);
    expect(again.ok && again.value).toEqual(value);
    expect(hasFilters(value)).toBe(true);
    const paging = staff("sort=popular&page=2");
    expect(paging.ok && hasFilters(paging.value)).toBe(false);
  });
});

describe("paging and date ranges", () => {
  it.each([
    ["", { page: 1, pageSize: 10 }],
    ["page=2&pageSize=1000", { page: 2, pageSize: 100 }],
  ])("paging %s", (query, expected) => {
    expect(parsePaging(new URLSearchParams(query))).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["start=2026-11-01&end=2026-11-14", true],
    ["start=2026-11-01&end=2026-11-01", true],
    ["start=2026-11-14&end=2026-11-01", false],
    ["start=2026-02-30&end=2026-03-01", false],
    ["start=2026-11-01", false],
    ["start=20261101&end=20261114", false],
    ["start=2026-01-01&end=2026-12-31", false],
    ["start=0000-01-01&end=0000-01-02", false], // no year 0 in PostgreSQL
  ])("date range %s → %s", (query, ok) => {
    expect(parseDateRange(new URLSearchParams(query)).ok).toBe(ok);
  });
});
