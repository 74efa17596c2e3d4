import { describe, expect, it } from "vitest";
import {
  escapeLike,
  HIRAGANA_CHARS,
  hiraganaToKatakana,
  KATAKANA_CHARS,
  keywordTerms,
  normalizeKeyword,
  normalizeSearchText,
} from "~/domain/keyword";

describe("normalizeSearchText", () => {
  it.each<[string, string | null | undefined, string]>([
    ["empty", "", ""],
    ["null", null, ""],
    ["undefined", undefined, ""],
    ["only spaces", "   ", ""],
    ["only ideographic spaces", "\u3000\u3000", ""],
    ["tabs and newlines", "\t\n", ""],
    ["katakana unchanged", "ミサキ", "ミサキ"],
    ["hiragana → katakana", "みさき", "ミサキ"],
    ["half-width katakana → full-width", "ﾐｻｷ", "ミサキ"],
    ["half-width voiced marks composed", "ｶﾞｰﾙｽﾞﾊﾞｰ", "ガールズバー"],
    ["half-width handakuten", "ﾊﾟﾌﾞ", "パブ"],
    ["full-width Latin → half-width lower", "ＣＬＵＢ　Ｍｉｓａｋｉ", "club misaki"],
    ["full-width digits", "１２３", "123"],
    ["ASCII upper case", "Girls BAR", "girls bar"],
    ["small hiragana", "ぁぃぅぇぉっゃゅょゎ", "ァィゥェォッャュョヮ"],
    ["ゔ ゕ ゖ at the end of the range", "ゔゕゖ", "ヴヵヶ"],
    ["ゝ (outside the range) kept", "ゝ", "ゝ"],
    ["long vowel mark kept", "らーめん", "ラーメン"],
    ["mixed scripts", "ﾐﾅﾐのがーるずばー", "ミナミノガールズバー"],
    ["kanji unchanged", "銀座", "銀座"],
    ["emoji kept", "🍸みさき🍸", "🍸ミサキ🍸"],
    ["circled digit folded", "①", "1"],
    ["whitespace runs collapsed and trimmed", "  み\u3000\u3000さ \t き  ", "ミ サ キ"],
    ["full-width symbols", "＃ｔａｇ！", "#tag!"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it("handles 250+ characters", () => {
    expect(normalizeSearchText("あ".repeat(260))).toBe("ア".repeat(260));
    expect(normalizeSearchText(`${"Ａ".repeat(300)} `)).toBe("a".repeat(300));
  });

  it("is idempotent", () => {
    for (const s of ["ﾐｻｷ", "ＣＬＵＢ　み", " がーる ", "🍸"]) {
      expect(normalizeSearchText(normalizeSearchText(s))).toBe(normalizeSearchText(s));
    }
  });
});

describe("normalizeKeyword / keywordTerms", () => {
  it.each<[string | null | undefined, string, string[]]>([
    ["", "", []],
    [null, "", []],
    ["\u3000 \t", "", []],
    ["がーるずばー　ﾐﾅﾐ", "ガールズバー ミナミ", ["ガールズバー", "ミナミ"]],
    ["  ＣＬＵＢ  ", "club", ["club"]],
    ["🍸 ", "🍸", ["🍸"]],
  ])("%j → %j", (input, keyword, terms) => {
    expect(normalizeKeyword(input)).toBe(keyword);
    expect(keywordTerms(input)).toEqual(terms);
  });
});

describe("hiraganaToKatakana", () => {
  it.each([
    ["", ""],
    ["ひらがな", "ヒラガナ"],
    ["ｶﾀｶﾅ", "ｶﾀｶﾅ"], // only the conversion, no NFKC
    ["Ａあ 😀", "Ａア 😀"],
  ])("%j → %j", (input, expected) => {
    expect(hiraganaToKatakana(input)).toBe(expected);
  });
});

describe("escapeLike", () => {
  it.each([
    ["", ""],
    ["abc", "abc"],
    ["100%", "100\\%"],
    ["a_b", "a\\_b"],
    ["back\\slash", "back\\\\slash"],
    ["%_\\", "\\%\\_\\\\"],
    ["％＿", "％＿"], // full-width forms are not LIKE wildcards
    ["ｶﾀｶﾅ", "ｶﾀｶﾅ"],
    ["🍸%", "🍸\\%"],
    ["  ", "  "],
  ])("%j → %j", (input, expected) => {
    expect(escapeLike(input)).toBe(expected);
  });

  it("escapes every wildcard of a long input", () => {
    expect(escapeLike("%".repeat(260))).toBe("\\%".repeat(260));
  });
});

describe("translate tables", () => {
  it("cover U+3041–U+3096 and U+30A1–U+30F6, pairwise", () => {
    expect(HIRAGANA_CHARS).toHaveLength(86);
    expect(KATAKANA_CHARS).toHaveLength(86);
    expect(HIRAGANA_CHARS.slice(0, 3)).toBe("ぁあぃ");
    expect(KATAKANA_CHARS.slice(0, 3)).toBe("ァアィ");
    expect(HIRAGANA_CHARS.slice(-3)).toBe("ゔゕゖ");
    expect(KATAKANA_CHARS.slice(-3)).toBe("ヴヵヶ");
    expect(HIRAGANA_CHARS.indexOf("ん")).toBe(KATAKANA_CHARS.indexOf("ン"));
  });

  it("hold no character that would break a SQL string literal", () => {
    expect(HIRAGANA_CHARS + KATAKANA_CHARS).not.toMatch(/['\\]/);
  });
});
