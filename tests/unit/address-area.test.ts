import { describe, expect, it } from "vitest";
import { type AreaPreset, areaPresetOf, mergeAreaPreset, townMatch } from "~/domain/address-area";
import type { AreaPath } from "~/domain/areas";

/** Addresses as `GET /api/postal-codes/{code}` answers them (Japan Post's spelling). */
const address = (prefecture_name: string, city: string, town: string, prefecture_id = "") => ({
  prefecture_id,
  prefecture_name,
  city,
  town,
});

describe("areaPresetOf: the region, prefecture and (when clear) area of a found address", () => {
  it.each([
    // The town is the district.
    [address("東京都", "新宿区", "歌舞伎町"), "kanto", "tokyo", "kabukicho"],
    [address("東京都", "中央区", "銀座"), "kanto", "tokyo", "ginza"],
    [address("東京都", "港区", "六本木"), "kanto", "tokyo", "roppongi"],
    [address("東京都", "新宿区", "西新宿"), "kanto", "tokyo", "nishi-shinjuku"],
    [address("大阪府", "大阪市北区", "梅田"), "kansai", "osaka", "umeda"],
    [address("大阪府", "大阪市中央区", "東心斎橋"), "kansai", "osaka", "higashi-shinsaibashi"],
    [address("福岡県", "福岡市博多区", "中洲"), "kyushu", "fukuoka", "nakasu"],
    [address("宮城県", "仙台市青葉区", "国分町"), "tohoku", "miyagi", "kokubuncho"],
    // One word of a district's name (錦・栄).
    [address("愛知県", "名古屋市中区", "栄"), "chubu", "aichi", "nishiki-sakae"],
    // The town starts with, contains, or begins the district's name.
    [address("東京都", "武蔵野市", "吉祥寺本町"), "kanto", "tokyo", "kichijoji"],
    [address("東京都", "豊島区", "東池袋"), "kanto", "tokyo", "ikebukuro"],
    [address("東京都", "墨田区", "錦糸"), "kanto", "tokyo", "kinshicho"],
    [address("福岡県", "福岡市博多区", "博多駅前"), "kyushu", "fukuoka", "hakata-eki"],
    // A detail that is a town points at its area.
    [address("東京都", "渋谷区", "道玄坂"), "kanto", "tokyo", "shibuya"],
    // The town beats the ward: 恵比寿 is in 渋谷区.
    [address("東京都", "渋谷区", "恵比寿"), "kanto", "tokyo", "ebisu"],
    // 西川口 itself, not 川口 (the city).
    [address("埼玉県", "川口市", "西川口"), "kanto", "saitama", "nishi-kawaguchi"],
    // "City town": the town within the named city.
    [address("栃木県", "宇都宮市", "泉町"), "kanto", "tochigi", "utsunomiya-izumicho"],
    // The city (or the ward of a designated city) alone, when one district bears its name.
    [address("東京都", "八王子市", "旭町"), "kanto", "tokyo", "hachioji"],
    [address("千葉県", "柏市", "柏"), "kanto", "chiba", "kashiwa"],
    [address("埼玉県", "さいたま市大宮区", "桜木町"), "kanto", "saitama", "omiya"],
    [address("埼玉県", "川口市", "並木"), "kanto", "saitama", "kawaguchi"],
    // Unsure: several districts fit equally (新宿二丁目 / 新宿三丁目; three districts of 宇都宮).
    [address("東京都", "新宿区", "新宿"), "kanto", "tokyo", ""],
    [address("栃木県", "宇都宮市", "駅前通り"), "kanto", "tochigi", ""],
    // Unsure: nothing fits (曽根崎新地 is 北新地 by another name; 横浜市西区 names no district).
    [address("大阪府", "大阪市北区", "曽根崎新地"), "kansai", "osaka", ""],
    [address("神奈川県", "横浜市西区", "高島"), "kanto", "kanagawa", ""],
    [address("東京都", "港区", "高輪"), "kanto", "tokyo", ""],
    // A district of another city of the same name is not matched (浜松's 千歳町 is not 静岡's).
    [address("静岡県", "静岡市葵区", "千歳町"), "chubu", "shizuoka", ""],
    [address("静岡県", "浜松市中央区", "千歳町"), "chubu", "shizuoka", "hamamatsu-yurakugai"],
    // Japan Post's whole-city code: the city alone.
    [address("東京都", "立川市", ""), "kanto", "tokyo", "tachikawa"],
    // Full-width and ヶ spellings.
    [address("岐阜県", "岐阜市", "柳ヶ瀬通"), "chubu", "gifu", "yanagase"],
    // The prefecture by its id when the name is not one of ours.
    [address("東京", "中央区", "銀座", "tokyo"), "kanto", "tokyo", "ginza"],
  ])("%o → %s %s %s", (found, region, prefecture, area) => {
    expect(areaPresetOf(found)).toEqual({ region, prefecture, area });
  });

  it("answers null for an address outside the tree", () => {
    expect(areaPresetOf(address("", "", ""))).toBeNull();
    expect(areaPresetOf(address("ハワイ州", "ホノルル", "", "hawaii"))).toBeNull();
  });
});

describe("townMatch", () => {
  it.each([
    ["歌舞伎町", "歌舞伎町", 4],
    ["吉祥寺本町", "吉祥寺", 3],
    ["東池袋", "池袋", 2],
    ["錦糸", "錦糸町", 2],
    ["平窪", "平", 0],
    ["", "平", 0],
    ["銀座", "", 0],
    ["高輪", "赤坂", 0],
  ])("%s ~ %s = %i", (town, word, score) => {
    expect(townMatch(town, word)).toBe(score);
  });
});

describe("mergeAreaPreset: what the pickers show after a lookup", () => {
  const kabukicho: AreaPreset = { region: "kanto", prefecture: "tokyo", area: "kabukicho" };
  const tokyoOnly: AreaPreset = { region: "kanto", prefecture: "tokyo", area: "" };
  const chosen: AreaPath = {
    region: "kanto",
    prefecture: "tokyo",
    group: "shinjuku",
    area: "kabukicho",
    area_detail: "kabukicho-1",
  };
  const empty: AreaPath = { region: "", prefecture: "", group: "", area: "", area_detail: "" };
  const fresh = (preset: AreaPreset): AreaPath => ({ ...preset, group: "", area_detail: "" });
  it.each<[string, AreaPath, AreaPreset | null, AreaPath]>([
    ["nothing chosen: the preset", empty, kabukicho, fresh(kabukicho)],
    ["nothing chosen, no area found: region and prefecture", empty, tokyoOnly, fresh(tokyoOnly)],
    [
      "another prefecture: replaced, area left empty",
      { ...chosen, prefecture: "osaka", region: "kansai" },
      tokyoOnly,
      fresh(tokyoOnly),
    ],
    ["the same area: the group and detail chosen stay", chosen, kabukicho, chosen],
    ["same prefecture, no area found: the choice stays", chosen, tokyoOnly, chosen],
    [
      "same prefecture, another area found: replaced",
      chosen,
      { region: "kanto", prefecture: "tokyo", area: "ginza" },
      fresh({ region: "kanto", prefecture: "tokyo", area: "ginza" }),
    ],
    ["no preset: unchanged", chosen, null, chosen],
  ])("%s", (_case, current, preset, expected) => {
    expect(mergeAreaPreset(current, preset)).toEqual(expected);
  });
});
