import { describe, expect, it } from "vitest";
import { isAutomaticSlug, romanize, suggestSlug } from "~/domain/slug-suggestion";

describe("kana in revised Hepburn, as a URL writes it", () => {
  it.each([
    ["ルナ", "runa"],
    ["るな", "runa"], // hiragana
    ["ｸﾗﾌﾞ ﾙﾅ", "kurabu-runa"], // half-width katakana, a space
    ["トーキョー", "tokyo"], // ー dropped
    ["トウキョウ", "tokyo"], // おう → o
    ["オオサカ", "osaka"], // おお → o
    ["ユウカ", "yuka"], // うう → u
    ["セイラ", "seira"], // ei stays
    ["ニイガタ", "niigata"], // ii stays
    ["サッポロ", "sapporo"], // っ doubles
    ["マッチャ", "matcha"], // っ before ch → t
    ["アッ", "a"], // っ at the end: nothing
    ["シンオオサカ", "shin-osaka"], // ん before a vowel
    ["キンヨウ", "kin-yo"], // ん before y
    ["シンバシ", "shinbashi"], // n before b
    ["ガールズバー　ミルク", "garuzuba-miruku"], // U+3000 between words
    ["ラウンジ・ヴィーナス", "raunji-vinasu"], // ・ and ヴィ
    ["ファミリー", "famiri"],
    ["パーティー", "pati"],
    ["ジョウ", "jo"],
    ["CLUB ＬＵＮＡ 2", "club-luna-2"], // Latin letters folded, digits kept
    ["Bar & Lounge", "bar-lounge"],
    ["月", null], // kanji cannot be read
    ["スナック 花", null],
  ])("%s → %s", (text, expected) => {
    expect(romanize(text)).toBe(expected);
  });
});

describe("the suggested slug", () => {
  it.each([
    [{ name: "ラウンジ ルナ", kana: "ラウンジ　ルナ" }, "raunji-runa"],
    [{ name: "Girls Bar LUNA", kana: "ガールズバー　ルナ" }, "girls-bar-luna"],
    // Kanji in the name: the furigana is read instead.
    [{ name: "月光", kana: "ゲッコウ" }, "gekko"],
    [{ name: "スナック 花", kana: "スナック　ハナ" }, "sunakku-hana"],
    // Kanji only and no furigana yet: nothing to suggest.
    [{ name: "月光", kana: "" }, null],
    [{ name: "", kana: "" }, null],
    // Too short for a slug (3 characters at least).
    [{ name: "ア", kana: "ア" }, null],
    // A word that reads like a page of the site is not suggested.
    [{ name: "staff", kana: "スタッフ" }, "sutaffu"],
    [{ name: "Admin", kana: "" }, null],
    // Long names are cut at a word's end, within 40 characters.
    [
      { name: "ガールズバー ムーンライト シャンパンタワー エクスプレス", kana: "" },
      "garuzuba-munraito-shanpantawa",
    ],
  ])("%j → %s", (input, expected) => {
    expect(suggestSlug(input)).toBe(expected);
  });

  it.each([
    ["store-1a2b3c4d", true],
    ["store-1a2b3c4d5e6f708192a3b4c5d6e7f809", true],
    ["store-luna", false],
    ["girls-bar-ab12", false],
  ])("%s is the automatic slug of registration: %s", (slug, expected) => {
    expect(isAutomaticSlug(slug)).toBe(expected);
  });
});
