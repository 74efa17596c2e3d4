import { describe, expect, it } from "vitest";
import {
  clampPage,
  clampPageSize,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  pageIndicator,
  staffFetchLimit,
  totalPages,
} from "~/domain/paging";

describe("constants", () => {
  it("are 10 and 100", () => {
    expect([PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX]).toEqual([10, 100]);
  });
});

describe("pageIndicator", () => {
  it.each<[number, number | undefined, number, number, number, string]>([
    [1, 10, 37, 1, 10, "1-10/37"],
    [2, 10, 37, 11, 20, "11-20/37"],
    [4, 10, 37, 31, 37, "31-37/37"],
    [5, 10, 37, 31, 37, "31-37/37"], // past the end: the last page
    [1, 10, 0, 0, 0, "0-0/0"],
    [3, 10, 0, 0, 0, "0-0/0"],
    [1, 10, 1, 1, 1, "1-1/1"],
    [1, 10, 10, 1, 10, "1-10/10"],
    [2, 10, 10, 1, 10, "1-10/10"],
    [2, 10, 11, 11, 11, "11-11/11"],
    [0, 10, 37, 1, 10, "1-10/37"],
    [-3, 10, 37, 1, 10, "1-10/37"],
    [Number.NaN, 10, 37, 1, 10, "1-10/37"],
    [2, 25, 37, 26, 37, "26-37/37"],
    [1, 0, 37, 1, 10, "1-10/37"], // invalid size → default
    [1, undefined, 37, 1, 10, "1-10/37"],
    [1, 1000, 250, 1, 100, "1-100/250"], // size capped at 100
    [3, 100, 250, 201, 250, "201-250/250"],
  ])("page %d, size %s, total %d → %d-%d (%s)", (page, pageSize, total, from, to, text) => {
    expect(pageIndicator({ page, pageSize, total })).toEqual({ from, to, total, text });
  });

  it("treats a negative total as 0", () => {
    expect(pageIndicator({ page: 1, total: -5 })).toEqual({ from: 0, to: 0, total: 0, text: "0-0/0" });
  });
});

describe("totalPages", () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [37, 10, 4],
    [250, 100, 3],
    [-5, 10, 0],
    [37, 0, 4],
  ])("total %i, size %i → %i", (total, size, expected) => {
    expect(totalPages(total, size)).toBe(expected);
  });
});

describe("clampPage", () => {
  it.each<[string, unknown, number | undefined, number]>([
    ["numeric string", "3", 5, 3],
    ["number", 3, 5, 3],
    ["past the last page", 9, 2, 2],
    ["no pages at all", "99", 0, 1],
    ["no upper bound", 7, undefined, 7],
    ["empty string", "", 5, 1],
    ["whitespace", " 2 ", 5, 2],
    ["full-width digits", "３", 5, 3],
    ["half-width katakana", "ｲﾁ", 5, 1],
    ["emoji", "2️⃣", 5, 1],
    ["250+ digits", "1".repeat(260), 5, 1],
    ["decimal string", "2.5", 5, 1],
    ["decimal number", 2.5, 5, 2],
    ["zero", 0, 5, 1],
    ["negative", "-1", 5, 1],
    ["null", null, 5, 1],
    ["undefined", undefined, 5, 1],
    ["array", ["2"], 5, 1],
  ])("%s: %j of %s pages → %i", (_name, page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });
});

describe("clampPageSize", () => {
  it.each<[unknown, number]>([
    ["20", 20],
    [20, 20],
    ["1000", 100],
    ["0", 10],
    ["", 10],
    [" 30 ", 30],
    ["２０", 20],
    ["ｼﾞｭｳ", 10],
    ["🔟", 10],
    ["1".repeat(300), 10],
    [undefined, 10],
  ])("%j → %i", (value, expected) => {
    expect(clampPageSize(value)).toBe(expected);
  });
});

describe("staffFetchLimit", () => {
  it.each([
    [0, 30],
    [1, 30],
    [2, 30],
    [3, 40],
    [4, 50],
    [10, 110],
    [2.9, 30],
    [3.5, 40],
    [-1, 30],
    [Number.NaN, 30],
  ])("%d pages → %i", (pages, expected) => {
    expect(staffFetchLimit(pages)).toBe(expected);
  });
});
