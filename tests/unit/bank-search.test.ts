import { describe, expect, it } from "vitest";
import { bankAccountLine, bankAccountRows } from "~/domain/bank-account";
import {
  BANK_SEARCH_LIMIT_DEFAULT,
  type BankEntry,
  bankDisplayName,
  bankMatchRank,
  bankQueryOf,
  bankSearchLimit,
  foldBankText,
  indexBankEntry,
  searchBankEntries,
} from "~/domain/bank-search";

// Entries as the Zengin data writes them (ADR 0054): names abbreviated, full-width letters,
// readings in katakana without small kana and with － for ー.
const BANKS: BankEntry[] = [
  { code: "0001", name: "みずほ", kana: "ミズホ", roma: "mizuho" },
  { code: "0005", name: "三菱ＵＦＪ", kana: "ミツビシユ－エフジエイ", roma: "mitsubishiyu-efujiei" },
  { code: "0009", name: "三井住友", kana: "ミツイスミトモ", roma: "mitsuisumitomo" },
  { code: "0033", name: "ＰａｙＰａｙ", kana: "ペイペイ", roma: "peipei" },
  { code: "0042", name: "ローソン", kana: "ロ－ソン", roma: "ro-son" },
  { code: "0294", name: "三井住友信託", kana: "ミツイスミトモシンタク", roma: "mitsuisumitomoshintaku" },
  { code: "1001", name: "北海道信金", kana: "ホツカイドウシンキン", roma: "hotsukaidoushinkin" },
  {
    code: "2820",
    name: "長崎三菱信組",
    kana: "ナガサキミツビシシンクミ",
    roma: "nagasakimitsubishishinkumi",
  },
  { code: "9900", name: "ゆうちょ", kana: "ユウチヨ", roma: "yuuchiyo" },
].sort((a, b) => (a.code < b.code ? -1 : 1));
const BRANCHES: BankEntry[] = [
  { code: "001", name: "東京営業部", kana: "トウキヨウ", roma: "toukiyou" },
  { code: "015", name: "築地", kana: "ツキヂ", roma: "tsukidi" },
  { code: "018", name: "〇一八", kana: "ゼロイチハチ", roma: "zeroichihachi" },
  { code: "123", name: "戸越", kana: "トゴシ", roma: "togoshi" },
  { code: "181", name: "笹塚", kana: "ササヅカ", roma: "sasazuka" },
];
const banks = BANKS.map(indexBankEntry);
const branches = BRANCHES.map(indexBankEntry);

const findBanks = (q: string) =>
  searchBankEntries(banks, bankQueryOf(q, "bank"), 4, 10).items.map((b) => b.code);
const findBranches = (q: string) =>
  searchBankEntries(branches, bankQueryOf(q, "branch"), 3, 10).items.map((b) => b.code);

describe("foldBankText", () => {
  it.each([
    ["hiragana as katakana", "みずほ", "ミズホ"],
    ["half-width katakana, voiced marks composed", "ﾐｽﾞﾎ", "ミズホ"],
    ["small kana large (全銀 has none)", "ユウチョ", "ユウチヨ"],
    ["small kana of hiragana", "とうきょう", "トウキヨウ"],
    ["long vowel marks and 全銀's － dropped", "ミツビシユ－エフジエイ", "ミツビシユエフジエイ"],
    ["ー typed dropped alike", "みつびしゆーえふじぇい", "ミツビシユエフジエイ"],
    ["ヂ read as ジ", "ツキヂ", "ツキジ"],
    ["ヅ read as ズ", "ささづか", "ササズカ"],
    ["full-width letters narrowed, lower case", "ＰａｙＰａｙ", "paypay"],
    ["spaces and dots dropped", "三井　住友・信託", "三井住友信託"],
    ["kanji kept", "戸越", "戸越"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(foldBankText(input)).toBe(expected);
  });
});

describe("bankQueryOf", () => {
  it.each<[string, string, "bank" | "branch", string, string | null]>([
    ["銀行 taken off", "三菱UFJ銀行", "bank", "三菱ufj", null],
    ["ぎんこう taken off", "みずほぎんこう", "bank", "ミズホ", null],
    ["信用金庫 as the data abbreviates it", "北海道信用金庫", "bank", "北海道信金", null],
    [
      "しんようくみあい likewise",
      "ながさきみつびししんようくみあい",
      "bank",
      "ナガサキミツビシシンクミ",
      null,
    ],
    ["支店 taken off a branch", "戸越支店", "branch", "戸越", null],
    ["支店 kept on a bank query", "支店", "bank", "支店", null],
    ["銀行 alone is kept (nothing else to search)", "銀行", "bank", "銀行", null],
    ["digits, full-width too", "０００５", "bank", "0005", "0005"],
    ["blank", "  ", "bank", "", null],
    ["too long is cut", "あ".repeat(80), "bank", "ア".repeat(50), null],
  ])("%s: %j (%s) → %j", (_name, raw, kind, text, digits) => {
    expect(bankQueryOf(raw, kind)).toEqual({ text, digits });
  });
});

describe("searching banks", () => {
  it.each([
    ["name", "みずほ", ["0001"]],
    ["name with 銀行 and full-width letters", "三菱ＵＦＪ銀行", ["0005"]],
    ["name typed with narrow letters", "三菱UFJ", ["0005"]],
    ["hiragana reading", "みつびしゆーえふじぇい", ["0005"]],
    ["katakana reading", "ミツビシユーエフジェイ", ["0005"]],
    ["half-width katakana", "ﾐｽﾞﾎ", ["0001"]],
    ["half-width katakana with ｰ", "ﾛｰｿﾝ", ["0042"]],
    ["small kana typed", "ゆうちょ", ["9900"]],
    ["romaji", "PayPay", ["0033"]],
    ["code in full", "0009", ["0009"]],
    ["code without its zeros", "5", ["0005"]],
    ["start of a code", "00", ["0001", "0005", "0009", "0033", "0042"]],
    ["whole name before a longer one", "三井住友", ["0009", "0294"]],
    ["part of a name", "三菱", ["0005", "2820"]],
    ["nothing for nonsense", "あいうえおかきくけこ", []],
    ["nothing for a blank query", "", []],
  ])("by %s: %j → %j", (_how, q, codes) => {
    expect(findBanks(q)).toEqual(codes);
  });

  it("ranks an exact code first, then a whole name or reading, a start, a part", () => {
    const rank = (code: string, q: string) =>
      bankMatchRank(banks.find((b) => b.code === code)!, bankQueryOf(q, "bank"), 4);
    expect(rank("0009", "0009")).toBe(0);
    expect(rank("0009", "三井住友")).toBe(1);
    expect(rank("0294", "三井住友")).toBe(2);
    expect(rank("2820", "三菱")).toBe(3);
    expect(rank("0001", "三菱")).toBeNull();
  });

  it("counts every match and answers the first `limit`", () => {
    const found = searchBankEntries(banks, bankQueryOf("0", "bank"), 4, 2);
    expect(found.items.map((b) => b.code)).toEqual(["0001", "0005"]);
    expect(found.total).toBe(6);
  });
});

describe("searching branches", () => {
  it.each([
    ["name", "戸越", ["123"]],
    ["name with 支店", "戸越支店", ["123"]],
    ["hiragana", "とごし", ["123"]],
    ["half-width katakana", "ﾄｺﾞｼ", ["123"]],
    ["じ for 全銀's ヂ", "つきじ", ["015"]],
    ["ず for 全銀's ヅ", "ささずか", ["181"]],
    ["small kana typed", "とうきょう", ["001"]],
    ["code", "123", ["123"]],
    ["a ゆうちょ branch by its code", "018", ["018"]],
    ["the code without its zeros, then codes starting so", "1", ["001", "123", "181"]],
  ])("by %s: %j → %j", (_how, q, codes) => {
    expect(findBranches(q)).toEqual(codes);
  });
});

describe("bankSearchLimit", () => {
  it.each<[string | null, number | null]>([
    [null, BANK_SEARCH_LIMIT_DEFAULT],
    ["", BANK_SEARCH_LIMIT_DEFAULT],
    ["1", 1],
    ["50", 50],
    ["0", null],
    ["51", null],
    ["5.5", null],
    ["-1", null],
    ["abc", null],
  ])("%j → %j", (raw, limit) => {
    expect(bankSearchLimit(raw)).toBe(limit);
  });
});

describe("showing an account back", () => {
  it.each([
    ["三菱ＵＦＪ", "三菱UFJ"],
    ["ａｕじぶん", "auじぶん"],
    ["ミツビシユ－エフジエイ", "ミツビシユ-エフジエイ"],
    ["戸越", "戸越"],
  ])("narrows %j to %j", (name, shown) => {
    expect(bankDisplayName(name)).toBe(shown);
  });

  it("names the bank and branch beside their codes, or the codes alone for an older account", () => {
    const account = {
      account_holder: "ヨルナビ　タロウ",
      bank_code: "0001",
      bank_name: "みずほ",
      branch_code: "123",
      branch_name: "戸越",
      account_type: "checking",
      account_number: "1234567",
    };
    expect(bankAccountLine(account)).toBe("みずほ（0001）・戸越（123）・当座 1234567・ヨルナビ　タロウ");
    expect(bankAccountRows({ ...account, bank_name: "", branch_name: undefined, account_type: "" })).toEqual([
      { label: "金融機関", value: "0001" },
      { label: "支店", value: "123" },
      { label: "口座種別", value: "普通" },
      { label: "口座番号", value: "1234567" },
      { label: "口座名義（カナ）", value: "ヨルナビ　タロウ" },
    ]);
    expect(bankAccountLine({})).toBe("----・---・普通 -------・（名義なし）");
  });
});
