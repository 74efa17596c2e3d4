import { describe, expect, it } from "vitest";
import { conversionBreakdown, conversionSummary, ItemConversionSchema } from "~/domain/item-conversion";

describe("what converting the held items gives", () => {
  it.each([
    ["nothing held", [], { count: 0, points: 0, yen: 0 }],
    ["one kind", [{ name: "花束", quantity: 9, point_value: 500 }], { count: 9, points: 4500, yen: 4500 }],
    [
      "several kinds",
      [
        { name: "バラ", quantity: 3, point_value: 80 },
        { name: "シャンパン", quantity: 1, point_value: 8000 },
      ],
      { count: 4, points: 8240, yen: 8240 },
    ],
    [
      "an empty balance is left out",
      [{ name: "バラ", quantity: 0, point_value: 80 }],
      { count: 0, points: 0 },
    ],
  ])("%s", (_name, held, expected) => {
    expect(conversionBreakdown(held)).toMatchObject(expected);
  });

  it("says each item and the total in points and yen", () => {
    const breakdown = conversionBreakdown([
      { name: "バラ", quantity: 3, point_value: 80 },
      { name: "シャンパン", quantity: 1, point_value: 8000 },
    ]);
    expect(conversionSummary(breakdown)).toEqual([
      { label: "バラ", value: "3個 × 80pt ＝ 240pt" },
      { label: "シャンパン", value: "1個 × 8,000pt ＝ 8,000pt" },
      { label: "受け取るポイント", value: "8,240pt（¥8,240相当）" },
    ]);
  });

  it.each([
    [{ confirm: "yes" }, true],
    [{ confirm: "on" }, false],
    [{}, false],
  ])("the confirmation %j is accepted: %s", (form, ok) => {
    expect(ItemConversionSchema.safeParse(form).success).toBe(ok);
  });
});
