import { describe, expect, it } from "vitest";
import { dayPoints, fanLevel, parseFanThresholds, pointsToNextLevel } from "~/domain/fans";
import {
  GIFT_COMBO_WINDOW_MS,
  GIFT_TEXTS,
  giftCost,
  giftTier,
  needsGiftConfirmation,
  nextCombo,
  parseTierThresholds,
} from "~/domain/gifts";

// The pure rules of the live room (app/domain/gifts.ts, fans.ts; ADR 0043), as tables.

const TIERS = [100, 1000] as const;
const THRESHOLDS = parseFanThresholds("50,150,400,1000,2500,6000,15000,40000,100000")!;

describe("gift tiers by the item's coin price", () => {
  it.each([
    [1, 1],
    [100, 1],
    [101, 2],
    [300, 2],
    [1000, 2],
    [1001, 3],
    [5000, 3],
    [30000, 3],
  ])("%i coins → tier %i", (price, tier) => {
    expect(giftTier(price, TIERS)).toBe(tier);
  });

  it.each([
    ["100,1000", [100, 1000]],
    ["５０,５００", [50, 500]],
    ["1,2", [1, 2]],
    ["2,1", null],
    ["0,5", null],
    ["1,2,3", null],
    ["", null],
  ])("%j → %j", (text, expected) => {
    expect(parseTierThresholds(text)).toEqual(expected);
  });
});

describe("what a send costs and when it is confirmed", () => {
  it.each([
    // price, quantity, held → from inventory, bought, coins
    [5000, 1, 0, 0, 1, 5000],
    [5000, 3, 1, 1, 2, 10000],
    [5000, 3, 5, 3, 0, 0],
    [100, 99, 98, 98, 1, 100],
    [100, 1, -2, 0, 1, 100],
  ])("%i × %i holding %i", (price, quantity, held, fromInventory, bought, coins) => {
    expect(giftCost(price, quantity, held)).toEqual({ fromInventory, bought, coins });
  });

  it.each([
    [100, 10, 1000, false],
    [100, 11, 1000, true],
    [30000, 1, 1000, true],
    [1000, 1, 1000, false],
    [1, 1, 0, true],
  ])("%i × %i against %i → %s", (price, quantity, above, confirm) => {
    expect(needsGiftConfirmation(price, quantity, above)).toBe(confirm);
  });
});

describe("combos", () => {
  const t0 = new Date("2026-11-28T12:00:00Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);
  it.each([
    ["no previous send", null, 2, { combo_id: "g2", count: 2 }],
    ["1 s later", { combo_id: "g1", count: 3, at: t0 }, 2, { combo_id: "g1", count: 5 }],
    [
      "exactly 3 s later",
      { combo_id: "g1", count: 3, at: at(-GIFT_COMBO_WINDOW_MS + 1000) },
      1,
      { combo_id: "g1", count: 4 },
    ],
    ["3.001 s later", { combo_id: "g1", count: 3, at: at(-2001) }, 1, { combo_id: "g2", count: 1 }],
    [
      "a previous send in the future (clock skew)",
      { combo_id: "g1", count: 3, at: at(1500) },
      1,
      { combo_id: "g2", count: 1 },
    ],
  ] as const)("%s", (_name, previous, quantity, expected) => {
    expect(nextCombo(previous, "g2", quantity, at(1000))).toMatchObject(expected);
  });

  it("names the gift line as the contract says", () => {
    expect(GIFT_TEXTS.line("たろう", "シャンパン", 3)).toBe("たろうさんが シャンパン ×3 を贈りました");
  });
});

describe("fan levels", () => {
  it.each([
    [0, 0],
    [1, 1],
    [49, 1],
    [50, 2],
    [399, 3],
    [400, 4],
    [1000, 5],
    [99999, 9],
    [100000, 10],
    [10_000_000, 10],
  ])("%i points → level %i", (points, level) => {
    expect(fanLevel(points, THRESHOLDS)).toBe(level);
  });

  it.each([
    [0, 50],
    [49, 1],
    [50, 100],
    [100000, null],
  ])("%i points → %j to the next level", (points, missing) => {
    expect(pointsToNextLevel(points, THRESHOLDS)).toBe(missing);
  });

  it.each([
    [0, 0, 0],
    [10, 30, 40],
    [50, 120, 170],
    [51, 121, 170],
    [200, 0, 50],
  ])("a day of %i comments and %i minutes adds %i", (comments, minutes, points) => {
    expect(dayPoints(comments, minutes)).toBe(points);
  });

  it("reads nine ascending thresholds, nothing else", () => {
    expect(parseFanThresholds("1,2,3,4,5,6,7,8,9")).toHaveLength(9);
    expect(parseFanThresholds("1,2,3")).toBeNull();
    expect(parseFanThresholds("1,2,3,4,5,6,7,9,8")).toBeNull();
  });
});
