import { describe, expect, it } from "vitest";
import { clampToChoices, digitsOnly, priceLike, toHalfWidthDigits } from "~/domain/input-filters";

describe("digitsOnly", () => {
  it.each<[string, string | null | undefined, string]>([
    ["empty", "", ""],
    ["null", null, ""],
    ["undefined", undefined, ""],
    ["digits", "0123456789", "0123456789"],
    ["full-width digits", "０１２３４５６７８９", "0123456789"],
    ["mixed widths with hyphens", "０９０-1234－５６７８", "09012345678"],
    ["half-width katakana", "ｲﾁ2ｻﾝ", "2"],
    ["emoji", "1😀2", "12"],
    ["whitespace", " 1\t2\u30003\n", "123"],
    ["letters and symbols", "¥4,000円", "4000"],
    ["full-width letters", "ＡＢＣ１", "1"],
    ["other scripts' digits are dropped", "١٢٣", ""],
    ["circled digits are dropped", "①②", ""],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(digitsOnly(input)).toBe(expected);
  });

  it("keeps 250+ digits", () => {
    expect(digitsOnly("９".repeat(260))).toBe("9".repeat(260));
  });
});

describe("toHalfWidthDigits", () => {
  it.each([
    ["", ""],
    ["０９", "09"],
    ["Ａ０ｶ", "Ａ0ｶ"],
  ])("%j → %j", (input, expected) => {
    expect(toHalfWidthDigits(input)).toBe(expected);
  });
});

describe("priceLike", () => {
  it.each<[string, string | null | undefined, string]>([
    ["empty stays empty", "", ""],
    ["null", null, ""],
    ["a single 0", "0", "0"],
    ["several zeros", "000", "0"],
    ["leading zeros", "004000", "4000"],
    ["full-width", "０４０００", "4000"],
    ["formatted yen", "¥4,000", "4000"],
    ["decimal point is dropped", "12.50", "1250"],
    ["minus sign is dropped", "-500", "500"],
    ["half-width katakana only", "ｴﾝ", ""],
    ["emoji", "💴1000", "1000"],
    ["whitespace", " 1 000 ", "1000"],
    ["zeros after a non-digit", "円0012", "12"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(priceLike(input)).toBe(expected);
  });

  it("handles 250+ characters", () => {
    expect(priceLike(`${"0".repeat(250)}7`)).toBe("7");
  });
});

describe("clampToChoices", () => {
  const ages = [18, 19, 20, 100] as const;
  const kinds = ["sing", "not_sing"] as const;

  it.each<[string, unknown, number]>([
    ["a choice", 20, 20],
    ["a numeric string", "19", 19],
    ["with whitespace", " 100 ", 100],
    ["not a choice", 21, 18],
    ["empty", "", 18],
    ["full-width digits", "２０", 18],
    ["half-width katakana", "ﾆｼﾞｭｳ", 18],
    ["emoji", "🔞", 18],
    ["250+ characters", "1".repeat(260), 18],
    ["null", null, 18],
    ["an object", { value: 20 }, 18],
    ["NaN", Number.NaN, 18],
  ])("numbers, %s: %j → %i", (_name, value, expected) => {
    expect(clampToChoices<number>(value, ages, 18)).toBe(expected);
  });

  it.each<[unknown, string]>([
    ["not_sing", "not_sing"],
    ["NOT_SING", "sing"],
    ["", "sing"],
    [undefined, "sing"],
  ])("strings: %j → %j", (value, expected) => {
    expect(clampToChoices<string>(value, kinds, "sing")).toBe(expected);
  });
});
