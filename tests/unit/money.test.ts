import { describe, expect, it } from "vitest";
import {
  type CoinLot,
  expiryNoticeAt,
  isExpired,
  paidCoinExpiry,
  payoutBreakdown,
  payoutRefusal,
  planSpend,
  toCsv,
  tokyoMonth,
  unbalancedUnits,
  withholdingYen,
} from "~/domain/money";

describe("withholding (源泉徴収, yen rounded down)", () => {
  it.each([
    [5000, true, 510], // 510.5 → 510
    [10000, true, 1021],
    [9999, true, 1020], // 1020.89 → 1020
    [1, true, 0],
    [97, true, 9], // 9.9037 → 9
    [98, true, 10], // 10.0058 → 10
    [1_000_000, true, 102_100],
    [1_000_001, true, 102_100], // + 0.2042 → down
    [1_500_000, true, 204_200], // 102,100 + 102,100
    [50_000, false, 0], // a company: none
    [0, true, 0],
  ])("%i yen, individual %s → %i", (gross, individual, expected) => {
    expect(withholdingYen(gross, individual)).toBe(expected);
  });
});

describe("payout breakdown and refusals", () => {
  it.each([
    [10000, true, { gross: 10000, fee: 330, withholding: 1021, net: 8649 }],
    [10000, false, { gross: 10000, fee: 330, withholding: 0, net: 9670 }],
  ] as const)("%i points, individual %s", (points, individual, expected) => {
    expect(payoutBreakdown(points, individual)).toEqual(expected);
  });
  it.each([
    [4999, 10000, 5000, "below_minimum"],
    [5000, 10000, 5000, null],
    [6000, 5999, 5000, "insufficient_points"],
    [0, 100, 5000, "invalid"],
    [5000.5, 10000, 5000, "invalid"],
  ] as const)("%s of %i with minimum %i → %s", (points, available, min, expected) => {
    expect(payoutRefusal(points, available, min)).toBe(expected);
  });
});

describe("paid coin expiry", () => {
  const bought = new Date("2026-01-01T00:00:00Z");
  it.each([
    ["2026-06-30T00:00:00Z", true], // 180 days later, at the instant: expired
    ["2026-06-29T23:59:59.999Z", false],
    ["2026-07-01T00:00:00Z", true],
  ])("at %s expired: %s", (now, expected) => {
    expect(isExpired(paidCoinExpiry(bought), new Date(now))).toBe(expected);
  });
  it("is noticed 14 days before", () => {
    expect(expiryNoticeAt(paidCoinExpiry(bought)).toISOString()).toBe("2026-06-16T00:00:00.000Z");
  });
  it("bonus coins (no expiry) never expire", () => expect(isExpired(null, new Date(8e15))).toBe(false));
});

describe("spending order: paid before bonus, oldest first, expired never", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  const lot = (
    id: string,
    kind: "paid" | "bonus",
    acquired: string,
    balance: number,
    expires?: string,
  ): CoinLot => ({
    id,
    kind,
    acquiredAt: new Date(acquired),
    expiresAt: expires ? new Date(expires) : null,
    balance,
  });
  const lots = [
    lot("bonus-old", "bonus", "2026-01-01", 50),
    lot("paid-new", "paid", "2026-02-01", 100, "2026-07-31"),
    lot("paid-old", "paid", "2026-01-10", 30, "2026-07-09"),
    lot("paid-expired", "paid", "2025-08-01", 500, "2026-01-28"),
  ];
  it.each([
    [20, [{ id: "paid-old", amount: 20 }]],
    [30, [{ id: "paid-old", amount: 30 }]],
    [
      31,
      [
        { id: "paid-old", amount: 30 },
        { id: "paid-new", amount: 1 },
      ],
    ],
    [
      180,
      [
        { id: "paid-old", amount: 30 },
        { id: "paid-new", amount: 100 },
        { id: "bonus-old", amount: 50 },
      ],
    ],
  ])("%i coins", (amount, takes) => {
    expect(planSpend(lots, amount, now)).toEqual({ ok: true, takes });
  });
  it("refuses more than the usable coins (expired ones do not count)", () => {
    expect(planSpend(lots, 181, now)).toEqual({ ok: false, available: 180 });
  });
});

describe("double entry", () => {
  it.each([
    [
      [
        { unit: "coins", amount: 5 },
        { unit: "coins", amount: -5 },
      ],
      [],
    ],
    [
      [
        { unit: "coins", amount: 5 },
        { unit: "points", amount: -5 },
      ],
      ["coins", "points"],
    ],
    [
      [
        { unit: "items", itemId: "rose", amount: 1 },
        { unit: "items", itemId: "cocktail", amount: -1 },
      ],
      ["items:rose", "items:cocktail"],
    ],
    [[{ unit: "yen", amount: 0 }], ["invalid-amount"]],
  ] as const)("%j → %j", (lines, expected) => {
    expect(unbalancedUnits(lines)).toEqual(expected);
  });
});

describe("history helpers", () => {
  it("groups by the Tokyo month", () => {
    expect(tokyoMonth(new Date("2026-03-31T15:00:00Z"))).toBe("2026-04");
    expect(tokyoMonth(new Date("2026-03-31T14:59:59Z"))).toBe("2026-03");
  });
  it("writes CSV with a BOM, CRLF, quoting and defused formulas", () => {
    expect(
      toCsv([
        ["日時", "内容"],
        ["2026-03-01", '=SUM(A1),"x"'],
      ]),
    ).toBe('\uFEFF日時,内容\r\n2026-03-01,"\'=SUM(A1),""x"""\r\n');
  });
});
