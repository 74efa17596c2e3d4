import { describe, expect, it } from "vitest";
import { RegisterLiverSchema } from "~/domain/liver-registration";
import { withholdingYen } from "~/domain/money";
import { TAX_STATUS_TEXTS, TaxStatusSchema, taxStatusLabel } from "~/domain/store-tax-status";

// 法人/個人 is asked, never assumed (ADR 0054), and decides 源泉徴収 (ADR 0032).
describe("法人/個人", () => {
  it.each<[unknown, boolean | string]>([
    ["true", true],
    ["false", false],
    [true, true],
    [false, false],
    [undefined, TAX_STATUS_TEXTS.required],
    ["", TAX_STATUS_TEXTS.required],
    ["1", TAX_STATUS_TEXTS.required],
    ["individual", TAX_STATUS_TEXTS.required],
  ])("%j → %j", (value, expected) => {
    const parsed = TaxStatusSchema.safeParse(value === undefined ? {} : { is_individual: value });
    if (typeof expected === "boolean") expect(parsed.data).toEqual({ is_individual: expected });
    else expect(parsed.error?.issues[0]?.message).toBe(expected);
  });

  it("is required at registration, with nothing chosen beforehand", () => {
    const parsed = RegisterLiverSchema.safeParse({});
    expect(parsed.error?.issues.find((issue) => issue.path[0] === "is_individual")?.message).toBe(
      TAX_STATUS_TEXTS.required,
    );
  });

  it("withholds from individuals only", () => {
    expect(taxStatusLabel(true)).toBe("個人");
    expect(taxStatusLabel(false)).toBe("法人");
    expect(withholdingYen(10_000, true)).toBe(1021);
    expect(withholdingYen(10_000, false)).toBe(0);
  });
});
