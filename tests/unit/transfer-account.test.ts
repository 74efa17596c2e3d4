import { describe, expect, it } from "vitest";
import {
  changedTransferFields,
  parseStoredTransferAccount,
  TRANSFER_ACCOUNT_TEXTS as T,
  TransferAccountSchema,
  transferAccountInForce,
  transferAccountSummary,
} from "~/domain/transfer-account";
import type { ZenginConsignor } from "~/domain/zengin";

// The platform's transfer account kept by the operator (ADR 0053): the form with the rules of the
// ZENGIN_* variables and the file, names made half-width as 全銀 writes them, and which account
// applies — the variables whenever any is set.

const FORM = {
  bank_code: "0005",
  bank_name: "",
  branch_code: "001",
  branch_name: "",
  account_type: "saving",
  account_number: "1234567",
  consignor_code: "1234567890",
  consignor_name: "カ）ヨルナビ",
};

const ACCOUNT: ZenginConsignor = {
  code: "1234567890",
  name: "ｶ)ﾖﾙﾅﾋﾞ",
  bankCode: "0005",
  bankName: "",
  branchCode: "001",
  branchName: "",
  accountType: "saving",
  accountNumber: "1234567",
};

const ENV = {
  ZENGIN_CONSIGNOR_CODE: "9999999999",
  ZENGIN_CONSIGNOR_NAME: "ｶﾝｷｮｳ",
  ZENGIN_BANK_CODE: "0001",
  ZENGIN_BRANCH_CODE: "002",
  ZENGIN_ACCOUNT_NUMBER: "7654321",
};

describe("the settings form", () => {
  it("reads a complete account, names half-width as the file writes them", () => {
    expect(TransferAccountSchema.parse(FORM)).toEqual(ACCOUNT);
  });

  it("accepts full-width digits, spaces and hyphens, and half-width kana as typed", () => {
    expect(
      TransferAccountSchema.parse({
        ...FORM,
        bank_code: "０００５",
        account_number: "123-4567",
        consignor_code: "12345 67890",
        consignor_name: "ｶ)ﾖﾙﾅﾋﾞ",
        bank_name: "ミツビシユーエフジェイ",
        branch_name: "ホンテン",
        account_type: "checking",
      }),
    ).toEqual({
      ...ACCOUNT,
      bankName: "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ",
      branchName: "ﾎﾝﾃﾝ",
      accountType: "checking",
    });
  });

  it.each([
    ["bank_code", "005", T.bankCode],
    ["bank_code", "00a5", T.bankCode],
    ["branch_code", "0001", T.branchCode],
    ["account_number", "123456", T.accountNumber],
    ["account_number", "", T.accountNumber],
    ["consignor_code", "123456789", T.codeFormat],
    ["consignor_name", "", T.nameRequired],
    ["consignor_name", "夜ナビ株式会社", T.nameCharset],
    ["consignor_name", "よるなび", T.nameCharset],
    ["consignor_name", "ア".repeat(41), T.nameLength],
    // Voiced kana take two half-width characters: 20 ガ are 40, 21 are 42.
    ["consignor_name", "ガ".repeat(21), T.nameLength],
    ["bank_name", "三菱", T.bankName],
    ["bank_name", "ア".repeat(16), T.bankName],
    ["branch_name", "本店", T.branchName],
    ["account_type", "current", T.accountType],
    ["account_type", undefined, T.accountType],
  ])("%s %j → %s", (name, value, message) => {
    const parsed = TransferAccountSchema.safeParse({ ...FORM, [name]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [name], message });
  });

  it("20 voiced kana fit the 40 characters of 委託者名", () => {
    expect(TransferAccountSchema.parse({ ...FORM, consignor_name: "ガ".repeat(20) }).name).toHaveLength(40);
  });
});

describe("which account applies", () => {
  it.each([
    [
      "no variables, nothing saved",
      {},
      null,
      "none",
      ["code", "name", "bankCode", "branchCode", "accountNumber"],
    ],
    ["no variables, an account saved", {}, ACCOUNT, "stored", []],
    ["the variables, complete, over a saved account", ENV, ACCOUNT, "env", []],
    [
      "one variable is enough to win (and says what is missing)",
      { ZENGIN_BANK_CODE: "0001" },
      ACCOUNT,
      "env",
      ["code", "name", "branchCode", "accountNumber"],
    ],
    ["a blank variable does not count", { ZENGIN_BANK_CODE: "  " }, ACCOUNT, "stored", []],
  ] as const)("%s", (_name, env, stored, source, missing) => {
    const inForce = transferAccountInForce(env, stored);
    expect(inForce.source).toBe(source);
    expect(inForce.missing).toEqual(missing);
    if (source === "env") expect(inForce.consignor.bankCode).toBe("0001");
    if (source === "stored") expect(inForce.consignor).toEqual(ACCOUNT);
  });

  it("names the variables behind what is missing", () => {
    expect(transferAccountInForce({ ZENGIN_BANK_CODE: "0001" }, null).missingEnv).toEqual([
      "ZENGIN_CONSIGNOR_CODE",
      "ZENGIN_CONSIGNOR_NAME",
      "ZENGIN_BRANCH_CODE",
      "ZENGIN_ACCOUNT_NUMBER",
    ]);
  });
});

describe("the saved value", () => {
  it("round-trips, and anything else is no account", () => {
    expect(parseStoredTransferAccount(ACCOUNT)).toEqual(ACCOUNT);
    expect(parseStoredTransferAccount(JSON.stringify(ACCOUNT))).toEqual(ACCOUNT);
    expect(parseStoredTransferAccount("{not json")).toBeNull();
    expect(parseStoredTransferAccount(JSON.stringify({ ...ACCOUNT, accountType: "current" }))).toBeNull();
    expect(parseStoredTransferAccount(5000)).toBeNull();
  });

  it("the fields that changed, in the header record's order", () => {
    expect(changedTransferFields(null, ACCOUNT)).toHaveLength(8);
    expect(changedTransferFields(ACCOUNT, ACCOUNT)).toEqual([]);
    expect(
      changedTransferFields(ACCOUNT, { ...ACCOUNT, accountNumber: "7654321", code: "0000000001" }),
    ).toEqual(["code", "accountNumber"]);
  });

  it("reads in one line on the payouts page", () => {
    expect(transferAccountSummary({ ...ACCOUNT, bankName: "ﾐｽﾞﾎ" })).toBe(
      "金融機関 0005 ﾐｽﾞﾎ・支店 001・普通 1234567・委託者 ｶ)ﾖﾙﾅﾋﾞ（1234567890）",
    );
  });
});
