import { describe, expect, it } from "vitest";
import {
  ExportPayoutsSchema,
  parsePayoutStatusFilter,
  RejectPayoutSchema,
  transferDateRefusal,
  zenginConsignorFromEnv,
} from "~/domain/admin-payouts";

// The payouts page's pure parts (ADR 0033): the platform's account from ZENGIN_*, the transfer
// date's bounds, the status filter and the reject form.

const FULL = {
  ZENGIN_CONSIGNOR_CODE: "1234567890",
  ZENGIN_CONSIGNOR_NAME: "カ）ヨルナビ",
  ZENGIN_BANK_CODE: "0005",
  ZENGIN_BRANCH_CODE: "001",
  ZENGIN_ACCOUNT_NUMBER: "7654321",
};

describe("zenginConsignorFromEnv", () => {
  it.each([
    [
      {},
      [
        "ZENGIN_CONSIGNOR_CODE",
        "ZENGIN_CONSIGNOR_NAME",
        "ZENGIN_BANK_CODE",
        "ZENGIN_BRANCH_CODE",
        "ZENGIN_ACCOUNT_NUMBER",
      ],
    ],
    [FULL, []],
    [{ ...FULL, ZENGIN_CONSIGNOR_CODE: "12345" }, ["ZENGIN_CONSIGNOR_CODE"]],
    [{ ...FULL, ZENGIN_CONSIGNOR_NAME: "夜ナビ株式会社" }, ["ZENGIN_CONSIGNOR_NAME"]],
    [{ ...FULL, ZENGIN_BANK_NAME: "三菱" }, ["ZENGIN_BANK_NAME"]],
    [{ ...FULL, ZENGIN_ACCOUNT_TYPE: "current" }, ["ZENGIN_ACCOUNT_TYPE"]],
    [{ ...FULL, ZENGIN_ACCOUNT_NUMBER: "123456" }, ["ZENGIN_ACCOUNT_NUMBER"]],
  ])("%j → missing %j", (env, missing) => {
    expect(zenginConsignorFromEnv(env as Record<string, string>).missing).toEqual(missing);
  });

  it("reads checking accounts and trims values", () => {
    const { consignor } = zenginConsignorFromEnv({
      ...FULL,
      ZENGIN_ACCOUNT_TYPE: "checking",
      ZENGIN_BANK_CODE: " 0005 ",
    });
    expect(consignor).toMatchObject({ accountType: "checking", bankCode: "0005", name: "カ）ヨルナビ" });
  });
});

describe("transferDateRefusal", () => {
  it.each([
    ["2026-11-26", "2026-11-26", null],
    ["2026-11-27", "2026-11-26", null],
    ["2026-12-26", "2026-11-26", null],
    ["2026-12-27", "2026-11-26", "振込日は30日以内の日付を指定してください"],
    ["2026-11-25", "2026-11-26", "振込日には今日以降の日付を指定してください"],
  ])("%s (today %s) → %s", (date, today, refusal) => {
    expect(transferDateRefusal(date, today)).toBe(refusal);
  });
});

describe("forms", () => {
  it.each([
    ["2026-12-01", true],
    ["2026/12/01", false],
    ["2026-13-45", false],
    ["", false],
  ])("transfer date %s valid: %s", (value, ok) => {
    expect(ExportPayoutsSchema.safeParse({ transfer_date: value }).success).toBe(ok);
  });
  it.each([
    ["口座名義が違います", "yes", true],
    ["   ", "yes", false],
    ["x".repeat(1001), "yes", false],
    // The confirmation step (ADR 0053): the box ticked, or the dialog's button.
    ["口座名義が違います", undefined, false],
    ["口座名義が違います", "on", false],
  ])("reject reason %s, confirm %s valid: %s", (reason, confirm, ok) => {
    expect(RejectPayoutSchema.safeParse({ reason, confirm }).success).toBe(ok);
  });
  it.each([
    [null, "pending"],
    ["paid", "paid"],
    ["all", "all"],
    ["bogus", "pending"],
  ])("status filter %s → %s", (value, expected) => {
    expect(parsePayoutStatusFilter(value)).toBe(expected);
  });
});
