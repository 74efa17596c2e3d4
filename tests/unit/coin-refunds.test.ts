import { describe, expect, it } from "vitest";
import { coinsDueBack, planRefundStep, type RefundState } from "~/domain/coin-refunds";

const base: RefundState = {
  priceJpy: 3000,
  coins: 3000,
  bonusCoins: 300,
  refundedTotalJpy: 3000,
  booked: { refundedTotalJpy: 0, paidDue: 0, bonusDue: 0 },
  balances: { paid: 3000, bonus: 300 },
};

describe("coinsDueBack", () => {
  it.each([
    [3000, 3000, 3000, 3000],
    [3000, 3000, 1000, 1000],
    [100, 3000, 1000, 33], // rounded down: the listener keeps the fraction
    [300, 3000, 2999, 299],
    [300, 3000, 5000, 300], // more than the price: everything
    [300, 3000, 0, 0],
    [300, 0, 100, 0],
  ])("%i coins for ¥%i, ¥%i refunded → %i", (coins, price, refunded, due) => {
    expect(coinsDueBack(coins, price, refunded)).toBe(due);
  });
});

describe("planRefundStep", () => {
  it.each<[string, Partial<RefundState>, ReturnType<typeof planRefundStep>]>([
    [
      "a full refund of an unspent purchase takes everything",
      {},
      {
        refundedTotalJpy: 3000,
        refundJpy: 3000,
        paidDue: 3000,
        paidTaken: 3000,
        bonusDue: 300,
        bonusTaken: 300,
      },
    ],
    [
      "part spent: takes what is left, the rest is short",
      { balances: { paid: 1200, bonus: 300 } },
      {
        refundedTotalJpy: 3000,
        refundJpy: 3000,
        paidDue: 3000,
        paidTaken: 1200,
        bonusDue: 300,
        bonusTaken: 300,
      },
    ],
    [
      "all spent and expired: nothing to take, all recorded",
      { balances: { paid: 0, bonus: 0 } },
      { refundedTotalJpy: 3000, refundJpy: 3000, paidDue: 3000, paidTaken: 0, bonusDue: 300, bonusTaken: 0 },
    ],
    [
      "a partial refund takes its share",
      { refundedTotalJpy: 1000 },
      {
        refundedTotalJpy: 1000,
        refundJpy: 1000,
        paidDue: 1000,
        paidTaken: 1000,
        bonusDue: 100,
        bonusTaken: 100,
      },
    ],
    [
      "the second partial refund books only the difference",
      {
        refundedTotalJpy: 3000,
        booked: { refundedTotalJpy: 1000, paidDue: 1000, bonusDue: 100 },
        balances: { paid: 2000, bonus: 200 },
      },
      {
        refundedTotalJpy: 3000,
        refundJpy: 2000,
        paidDue: 2000,
        paidTaken: 2000,
        bonusDue: 200,
        bonusTaken: 200,
      },
    ],
    [
      "the same total again: nothing",
      { refundedTotalJpy: 1000, booked: { refundedTotalJpy: 1000, paidDue: 1000, bonusDue: 100 } },
      null,
    ],
    [
      "an older (smaller) total after a newer one: nothing",
      { refundedTotalJpy: 1000, booked: { refundedTotalJpy: 3000, paidDue: 3000, bonusDue: 300 } },
      null,
    ],
    ["nothing refunded: nothing", { refundedTotalJpy: 0 }, null],
    [
      "more than the price counts as the price",
      { refundedTotalJpy: 9999 },
      {
        refundedTotalJpy: 3000,
        refundJpy: 3000,
        paidDue: 3000,
        paidTaken: 3000,
        bonusDue: 300,
        bonusTaken: 300,
      },
    ],
  ])("%s", (_, change, expected) => {
    expect(planRefundStep({ ...base, ...change })).toEqual(expected);
  });
});
