/**
 * How a refunded coin purchase takes its coins back (ADR 0038). The provider reports the charge's
 * cumulative refunded yen; the coins due back for it are the purchase's paid and bonus coins in
 * proportion, rounded down (the listener keeps a fraction; a full refund takes all). Each step
 * books only what the steps before did not, and takes at most what is left in the purchase's
 * own lots: what was already spent stays spent, and the shortfall (`due − taken`) is recorded.
 */
export interface RefundState {
  priceJpy: number;
  coins: number;
  bonusCoins: number;
  /** The charge's `amount_refunded` as this event tells it. */
  refundedTotalJpy: number;
  /** What booked steps already covered: the highest cumulative yen and the coins they asked back. */
  booked: { refundedTotalJpy: number; paidDue: number; bonusDue: number };
  /** What is left now in the purchase's paid lot and bonus lot. */
  balances: { paid: number; bonus: number };
}

export interface RefundStep {
  refundedTotalJpy: number;
  refundJpy: number;
  paidDue: number;
  paidTaken: number;
  bonusDue: number;
  bonusTaken: number;
}

/** The coins a cumulative refund of `refundedJpy` yen calls back, of `coins` bought for `priceJpy`. */
export function coinsDueBack(coins: number, priceJpy: number, refundedJpy: number): number {
  if (priceJpy <= 0 || refundedJpy <= 0) return 0;
  if (refundedJpy >= priceJpy) return coins;
  return Math.floor((coins * refundedJpy) / priceJpy);
}

/** The next step to book, or null when this event says nothing new (a duplicate or a stale one). */
export function planRefundStep(state: RefundState): RefundStep | null {
  const total = Math.min(Math.max(0, Math.trunc(state.refundedTotalJpy)), state.priceJpy);
  if (total <= state.booked.refundedTotalJpy) return null;
  const paidDue = Math.max(0, coinsDueBack(state.coins, state.priceJpy, total) - state.booked.paidDue);
  const bonusDue = Math.max(0, coinsDueBack(state.bonusCoins, state.priceJpy, total) - state.booked.bonusDue);
  return {
    refundedTotalJpy: total,
    refundJpy: total - state.booked.refundedTotalJpy,
    paidDue,
    paidTaken: Math.min(paidDue, Math.max(0, state.balances.paid)),
    bonusDue,
    bonusTaken: Math.min(bonusDue, Math.max(0, state.balances.bonus)),
  };
}
