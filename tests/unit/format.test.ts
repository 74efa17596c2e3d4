import { describe, expect, it } from "vitest";
import { formatNumber, formatPostalCode, formatYen, normalizePostalCode } from "~/domain/format";

describe("formatNumber", () => {
  it.each<[string, number | string | null | undefined, string]>([
    ["zero", 0, "0"],
    ["negative zero", -0, "0"],
    ["thousands", 1234, "1,234"],
    ["millions", 1234567, "1,234,567"],
    ["negative", -1234, "-1,234"],
    ["decimals (up to 3)", 1234.5678, "1,234.568"],
    ["numeric string", "1234567", "1,234,567"],
    ["decimal string", "-12.5", "-12.5"],
    ["full-width digits", "１２３４", "1,234"],
    ["surrounding whitespace", " 1000\u3000", "1,000"],
    ["empty string", "", ""],
    ["whitespace only", "  ", ""],
    ["NaN", Number.NaN, ""],
    ["Infinity", Number.POSITIVE_INFINITY, ""],
    ["null", null, ""],
    ["undefined", undefined, ""],
    ["letters", "abc", ""],
    ["already grouped", "1,234", ""],
    ["exponent", "1e3", ""],
    ["hex", "0x10", ""],
    ["half-width katakana", "ｲﾁ", ""],
    ["emoji", "💯", ""],
    ["250+ digits (overflow to Infinity)", "9".repeat(400), ""],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });
});

describe("formatYen", () => {
  it.each<[number | string | null | undefined, string]>([
    [4000, "¥4,000"],
    [0, "¥0"],
    [1234567, "¥1,234,567"],
    ["4000", "¥4,000"],
    ["４０００", "¥4,000"],
    [1234.5, "¥1,235"],
    [-500, "-¥500"],
    [-0.4, "¥0"],
    ["", ""],
    [" ", ""],
    ["ｴﾝ", ""],
    ["💴", ""],
    [Number.NaN, ""],
    [null, ""],
  ])("%j → %j", (input, expected) => {
    expect(formatYen(input)).toBe(expected);
  });

  it("uses the yen sign U+00A5", () => {
    expect(formatYen(1).codePointAt(0)).toBe(0xa5);
  });
});

describe("normalizePostalCode / formatPostalCode", () => {
  it.each<[string, string, string | null, string]>([
    ["7 digits", "1234567", "1234567", "123-4567"],
    ["with a hyphen", "123-4567", "1234567", "123-4567"],
    ["full-width digits", "１２３４５６７", "1234567", "123-4567"],
    ["full-width hyphen", "１２３－４５６７", "1234567", "123-4567"],
    ["katakana long vowel as hyphen", "123ー4567", "1234567", "123-4567"],
    ["surrounding whitespace", " 123-4567\u3000", "1234567", "123-4567"],
    ["empty", "", null, ""],
    ["whitespace only", "  ", null, "  "],
    ["6 digits", "123456", null, "123456"],
    ["8 digits", "12345678", null, "12345678"],
    ["hyphen in the wrong place", "1234-567", null, "1234-567"],
    ["two hyphens", "123--4567", null, "123--4567"],
    ["postal mark", "〒123-4567", null, "〒123-4567"],
    ["space instead of hyphen", "123 4567", null, "123 4567"],
    ["half-width katakana", "ｲﾁﾆｻﾝ", null, "ｲﾁﾆｻﾝ"],
    ["emoji", "📮1234567", null, "📮1234567"],
    ["250+ digits", "1".repeat(260), null, "1".repeat(260)],
  ])("%s: %j → %j / %j", (_name, input, normalized, formatted) => {
    expect(normalizePostalCode(input)).toBe(normalized);
    expect(formatPostalCode(input)).toBe(formatted);
  });

  it("returns null for null/undefined", () => {
    expect(normalizePostalCode(null)).toBeNull();
    expect(normalizePostalCode(undefined)).toBeNull();
  });
});
