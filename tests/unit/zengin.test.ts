import { describe, expect, it } from "vitest";
import {
  toZenginText,
  type ZenginConsignor,
  type ZenginTransfer,
  zenginBytes,
  zenginFile,
  zenginProblems,
  zenginRecords,
} from "~/domain/zengin";

// The 全銀 総合振込 file (ADR 0033): field positions of every record, the character conversion and
// the Shift_JIS bytes. Positions are 1-based as the bank's format sheet numbers them.

const CONSIGNOR: ZenginConsignor = {
  code: "1234567890",
  name: "カ）ヨルナビ",
  bankCode: "0005",
  bankName: "ミツビシユーエフジエイ",
  branchCode: "001",
  branchName: "ホンテン",
  accountType: "saving",
  accountNumber: "7654321",
};

const TRANSFERS: ZenginTransfer[] = [
  {
    bankCode: "0001",
    branchCode: "002",
    accountType: "saving",
    accountNumber: "1234567",
    holder: "ヤマダ　タロウ",
    amount: 12_345,
    customerCode: "42",
  },
  {
    bankCode: "0009",
    branchCode: "123",
    accountType: "checking",
    accountNumber: "0000001",
    holder: "ガ）ポップ",
    amount: 1_000_000,
  },
];

/** Characters `from`..`to` (1-based, inclusive) of a record. */
const at = (record: string, from: number, to: number) => record.slice(from - 1, to);

describe("toZenginText", () => {
  it.each([
    ["ヤマダ　タロウ", "ﾔﾏﾀﾞ ﾀﾛｳ"],
    ["カ）ヨルナビ", "ｶ)ﾖﾙﾅﾋﾞ"],
    ["パピプペポ", "ﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟ"],
    ["ヴィッキー", "ｳﾞｲﾂｷ-"],
    ["ｷｬｯﾁ", "ｷﾔﾂﾁ"],
    ["ｶﾞｰﾃﾞﾝ", "ｶﾞ-ﾃﾞﾝ"],
    ["ＡＢＣ１２３", "ABC123"],
    ["abc", "ABC"],
    ["カ．ヤ・ミ", "ｶ.ﾔ.ﾐ"],
    ["  ヤマ   ダ ", "ﾔﾏ ﾀﾞ"],
    ["ヱヰヲ", "ｴｲｦ"],
  ])("%s → %s", (input, expected) => {
    expect(toZenginText(input)).toBe(expected);
  });

  it.each(["山田", "やまだ", "ヤマダ😀", "ヤマダ@"])("refuses %s", (input) => {
    expect(toZenginText(input)).toBeNull();
  });
});

describe("zenginBytes", () => {
  it("writes ASCII as is and half-width katakana as JIS X 0201 (0xA1–0xDF)", () => {
    expect([...zenginBytes("1A ｱﾞﾟ｡ﾝ")]).toEqual([0x31, 0x41, 0x20, 0xb1, 0xde, 0xdf, 0xa1, 0xdd]);
  });
  it("refuses anything that would take two bytes", () => {
    expect(() => zenginBytes("ア")).toThrow();
  });
});

describe("zenginRecords", () => {
  const records = zenginRecords(CONSIGNOR, TRANSFERS, { month: 12, day: 1 });
  const [header, first, second, trailer, end] = records as [string, string, string, string, string];

  it("is header, one data record per transfer, trailer, end — each 120 characters", () => {
    expect(records).toHaveLength(5);
    expect(records.map((r) => r.length)).toEqual([120, 120, 120, 120, 120]);
    expect(records.map((r) => r[0])).toEqual(["1", "2", "2", "8", "9"]);
  });

  it.each([
    ["データ区分", 1, 1, "1"],
    ["種別コード", 2, 3, "21"],
    ["コード区分", 4, 4, "0"],
    ["委託者コード", 5, 14, "1234567890"],
    ["委託者名", 15, 54, "ｶ)ﾖﾙﾅﾋﾞ".padEnd(40)],
    ["取組日", 55, 58, "1201"],
    ["仕向銀行番号", 59, 62, "0005"],
    ["仕向銀行名", 63, 77, "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ".padEnd(15).slice(0, 15)],
    ["仕向支店番号", 78, 80, "001"],
    ["仕向支店名", 81, 95, "ﾎﾝﾃﾝ".padEnd(15)],
    ["預金種目", 96, 96, "1"],
    ["口座番号", 97, 103, "7654321"],
    ["ダミー", 104, 120, " ".repeat(17)],
  ])("header: %s at %i–%i", (_name, from, to, expected) => {
    expect(at(header, from, to)).toBe(expected);
  });

  it.each([
    ["データ区分", 1, 1, "2", "2"],
    ["被仕向銀行番号", 2, 5, "0001", "0009"],
    ["被仕向銀行名", 6, 20, " ".repeat(15), " ".repeat(15)],
    ["被仕向支店番号", 21, 23, "002", "123"],
    ["被仕向支店名", 24, 38, " ".repeat(15), " ".repeat(15)],
    ["手形交換所番号", 39, 42, "    ", "    "],
    ["預金種目", 43, 43, "1", "2"],
    ["口座番号", 44, 50, "1234567", "0000001"],
    ["受取人名", 51, 80, "ﾔﾏﾀﾞ ﾀﾛｳ".padEnd(30), "ｶﾞ)ﾎﾟﾂﾌﾟ".padEnd(30)],
    ["振込金額 (right-aligned, zero-padded)", 81, 90, "0000012345", "0001000000"],
    ["新規コード", 91, 91, "0", "0"],
    ["顧客コード1", 92, 101, "42".padEnd(10), " ".repeat(10)],
    ["顧客コード2", 102, 111, " ".repeat(10), " ".repeat(10)],
    ["振込指定区分", 112, 112, "7", "7"],
    ["識別表示", 113, 113, " ", " "],
    ["ダミー", 114, 120, " ".repeat(7), " ".repeat(7)],
  ])("data: %s at %i–%i", (_name, from, to, one, two) => {
    expect(at(first, from, to)).toBe(one);
    expect(at(second, from, to)).toBe(two);
  });

  it.each([
    ["データ区分", 1, 1, "8"],
    ["合計件数", 2, 7, "000002"],
    ["合計金額", 8, 19, "000001012345"],
    ["ダミー", 20, 120, " ".repeat(101)],
  ])("trailer: %s at %i–%i", (_name, from, to, expected) => {
    expect(at(trailer, from, to)).toBe(expected);
  });

  it("end record: 9 and 119 spaces", () => {
    expect(end).toBe(`9${" ".repeat(119)}`);
  });

  it("an empty batch still has header, trailer (zero count and amount) and end", () => {
    const empty = zenginRecords(CONSIGNOR, [], { month: 1, day: 9 });
    expect(empty.map((r) => r[0])).toEqual(["1", "8", "9"]);
    expect(at(empty[0] ?? "", 55, 58)).toBe("0109");
    expect(at(empty[1] ?? "", 2, 19)).toBe("0".repeat(18));
  });
});

describe("zenginFile", () => {
  it("is 122 bytes a record (120 + CRLF), Shift_JIS single bytes", () => {
    const file = zenginFile(CONSIGNOR, TRANSFERS, { month: 12, day: 1 });
    expect(file.byteLength).toBe(5 * 122);
    for (let r = 0; r < 5; r += 1) {
      expect(file[r * 122 + 120]).toBe(0x0d);
      expect(file[r * 122 + 121]).toBe(0x0a);
    }
    // 受取人名 of the first transfer starts at byte 51 of record 2: ﾔ = 0xD4.
    expect(file[122 + 50]).toBe(0xd4);
    // Nothing but ASCII and half-width katakana.
    expect([...file].every((b) => b <= 0x7e || (b >= 0xa1 && b <= 0xdf))).toBe(true);
  });
});

describe("zenginProblems", () => {
  it("names each field that cannot be written", () => {
    expect(zenginProblems(CONSIGNOR, TRANSFERS)).toEqual([]);
    expect(
      zenginProblems({ ...CONSIGNOR, code: "12", name: "夜ナビ" }, [
        { ...TRANSFERS[0]!, bankCode: "1", holder: "山田", amount: 0 },
      ]),
    ).toEqual([
      { field: "consignor", key: "code" },
      { field: "consignor", key: "name" },
      { field: "transfer", index: 0, key: "bankCode" },
      { field: "transfer", index: 0, key: "holder" },
      { field: "transfer", index: 0, key: "amount" },
    ]);
  });
  it("refuses to build a file with problems", () => {
    expect(() => zenginRecords({ ...CONSIGNOR, code: "x" }, [], { month: 1, day: 1 })).toThrow();
  });
});
