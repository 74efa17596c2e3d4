import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/.server/env";
import { includedTax, isRegistrationNumber, totalsByRate } from "~/domain/qualified-invoice";
import { TEST_VAPID } from "../support/production-env";

describe("the tax contained in a tax-included amount, rounded down", () => {
  it.each([
    [11000, 10, 1000],
    [9800, 10, 890], // 890.90… → 890
    [5500, 10, 500],
    [1, 10, 0],
    [11, 10, 1],
    [109, 10, 9], // 9.909… → 9
    [110, 10, 10],
    [0, 10, 0],
    [1080, 8, 80],
    [100, 8, 7], // 7.407… → 7
    [2_980, 10, 270], // 270.909… → 270
  ] as const)("¥%i at %i%% → ¥%i", (total, rate, tax) => {
    expect(includedTax(total, rate)).toBe(tax);
  });

  it.each([[-1], [1.5], [Number.NaN]])("refuses %s", (total) => {
    expect(() => includedTax(total, 10)).toThrow(RangeError);
  });
});

describe("amounts by rate: summed per rate, the tax taken once per rate", () => {
  const line = (amountJpy: number, rate: 10 | 8) => ({ description: "x", amountJpy, rate });
  it.each([
    ["one plan line", [line(9800, 10)], [{ rate: 10, totalJpy: 9800, taxJpy: 890, netJpy: 8910 }]],
    // Per line it would be 9 + 9 + 9 = 27; once for the rate it is 29 (329 × 10 / 110 = 29.9…).
    [
      "three small lines of one rate",
      [line(109, 10), line(109, 10), line(111, 10)],
      [{ rate: 10, totalJpy: 329, taxJpy: 29, netJpy: 300 }],
    ],
    [
      "two rates, standard first",
      [line(1080, 8), line(3300, 10), line(540, 8)],
      [
        { rate: 10, totalJpy: 3300, taxJpy: 300, netJpy: 3000 },
        { rate: 8, totalJpy: 1620, taxJpy: 120, netJpy: 1500 },
      ],
    ],
    ["nothing", [], []],
    ["a free month", [line(0, 10)], [{ rate: 10, totalJpy: 0, taxJpy: 0, netJpy: 0 }]],
  ] as const)("%s", (_name, lines, expected) => {
    expect(totalsByRate(lines)).toEqual(expected);
  });
});

describe("the registration number (登録番号)", () => {
  it.each([
    ["T1234567890123", true],
    ["T0000000000000", true],
    ["1234567890123", false], // no T
    ["t1234567890123", false],
    ["T123456789012", false], // 12 digits
    ["T12345678901234", false], // 14 digits
    ["T1234-5678-9012", false],
    ["Ｔ1234567890123", false], // full-width T
  ])("%s → %s", (value, expected) => {
    expect(isRegistrationNumber(value)).toBe(expected);
  });
});

describe("the issuer from configuration (INVOICE_ISSUER_NAME, INVOICE_REGISTRATION_NUMBER)", () => {
  const number = "T1234567890123";
  const production = {
    NODE_ENV: "production",
    AUTH_SECRET: "x".repeat(32),
    OPERATOR_NAME: "株式会社ヨルナビ",
    OPERATOR_REPRESENTATIVE: "夜野 太郎",
    OPERATOR_ADDRESS: "〒160-0021 東京都新宿区歌舞伎町1-2-3",
    OPERATOR_PHONE: "03-1234-5678",
    OPERATOR_EMAIL: "support@yoru-navi.example",
    ...TEST_VAPID,
  };
  it.each([
    ["nothing set: marked stand-ins", {}, { registrationNumber: "T0000000000000", isPlaceholder: true }],
    [
      "both set",
      { INVOICE_ISSUER_NAME: "株式会社ヨルナビ", INVOICE_REGISTRATION_NUMBER: number },
      { name: "株式会社ヨルナビ", registrationNumber: number, isPlaceholder: false },
    ],
    [
      "the operator's name when no issuer name is given",
      { OPERATOR_NAME: "株式会社ヨル", INVOICE_REGISTRATION_NUMBER: number },
      { name: "株式会社ヨル", registrationNumber: number, isPlaceholder: false },
    ],
    [
      "production with the number",
      { ...production, INVOICE_REGISTRATION_NUMBER: number },
      { name: "株式会社ヨルナビ", registrationNumber: number, isPlaceholder: false },
    ],
    ["production without the number: no receipts", production, undefined],
  ])("%s", (_name, vars, expected) => {
    const issuer = parseEnv(vars as Record<string, string>).invoiceIssuer;
    if (expected === undefined) expect(issuer).toBeUndefined();
    else expect(issuer).toMatchObject(expected);
  });

  it.each([["1234567890123"], ["T123"], ["T12345678901234"]])("refuses %s, naming the variable", (value) => {
    expect(() => parseEnv({ INVOICE_REGISTRATION_NUMBER: value })).toThrow(EnvError);
    expect(() => parseEnv({ INVOICE_REGISTRATION_NUMBER: value })).toThrow(/INVOICE_REGISTRATION_NUMBER/);
  });
});
