/**
 * Gifts in the live room and the chat (docs/decisions/0043-the-live-room.md): how much a send
 * shows (its tier, by the item's coin price), when sends make one combo (×N), when the page asks
 * for a confirmation, and the line a gift becomes in the comment stream. Pure and isomorphic: the
 * server stamps tier and combo on the `gift` event, the pages read the same rules.
 */

/** Quantity of one send (ADR 0043). */
export const GIFT_QUANTITY_MIN = 1;
export const GIFT_QUANTITY_MAX = 99;
/** The quick choices of the gift sheet; any 1–99 can be typed. */
export const GIFT_QUANTITY_CHOICES = [1, 5, 10, 30, 99] as const;

/** The same item sent again by the same listener within 3 s of the last one joins its combo. */
export const GIFT_COMBO_WINDOW_MS = 3_000;

/**
 * 1 — a banner (up to the first threshold), 2 — an overlay (up to the second), 3 — a full-screen
 * animation of at least 3 s (above it).
 */
export type GiftTier = 1 | 2 | 3;

/** `gift_tier_coins` as the operator sets it ("100,1000") when it is two ascending whole numbers. */
export function parseTierThresholds(value: string): [number, number] | null {
  const numbers = parseAscendingIntegers(value, 2);
  return numbers ? [numbers[0]!, numbers[1]!] : null;
}

/** A banner up to `first` coins, an overlay up to `second`, the full screen above it. */
export function giftTier(coinPrice: number, [first, second]: readonly [number, number]): GiftTier {
  if (coinPrice <= first) return 1;
  if (coinPrice <= second) return 2;
  return 3;
}

/**
 * Whole numbers separated by commas (full-width digits and spaces allowed), strictly ascending and
 * positive, exactly `count` of them; null otherwise.
 */
export function parseAscendingIntegers(value: string, count: number): number[] | null {
  const parts = value
    .normalize("NFKC")
    .split(/[,、\s]+/)
    .filter(Boolean);
  if (parts.length !== count || !parts.every((p) => /^\d{1,9}$/.test(p))) return null;
  const numbers = parts.map(Number);
  for (let i = 0; i < numbers.length; i++) {
    if (numbers[i]! <= 0 || (i > 0 && numbers[i]! <= numbers[i - 1]!)) return null;
  }
  return numbers;
}

/** A send is confirmed in the page first when its worth in coins is above `gift_confirm_coins`. */
export function needsGiftConfirmation(coinPrice: number, quantity: number, confirmAbove: number): boolean {
  return coinPrice * quantity > confirmAbove;
}

/**
 * What a send costs: the items the listener holds go first, the rest is bought with coins
 * (`pay_with_coins`). `coins` is what leaves her balance.
 */
export function giftCost(
  coinPrice: number,
  quantity: number,
  held: number,
): { fromInventory: number; bought: number; coins: number } {
  const fromInventory = Math.max(0, Math.min(held, quantity));
  const bought = quantity - fromInventory;
  return { fromInventory, bought, coins: bought * coinPrice };
}

/** The combo a send joins: the last send of the same item by the same giver in the same place. */
export interface ComboState {
  combo_id: string;
  /** ×N so far: the items of the combo, this send's included. */
  count: number;
  at: Date;
}

/** A send's combo: the previous one's when it was at most 3 s ago, else a new one (its own id). */
export function nextCombo(
  previous: ComboState | null,
  giftId: string,
  quantity: number,
  at: Date,
): ComboState {
  if (previous && at.getTime() - previous.at.getTime() <= GIFT_COMBO_WINDOW_MS && at >= previous.at)
    return { combo_id: previous.combo_id, count: previous.count + quantity, at };
  return { combo_id: giftId, count: quantity, at };
}

export const GIFT_TEXTS = {
  /** 「○○さんが シャンパン ×3 を贈りました」 (ADR 0043). */
  line: (nickname: string, itemName: string, count: number) =>
    `${nickname}さんが ${itemName} ×${count} を贈りました`,
  combo: (count: number) => `×${count}`,
  confirmTitle: "ギフトを贈りますか？",
  confirmLead: (itemName: string, quantity: number, coins: number) =>
    coins > 0
      ? `${itemName} ×${quantity} を贈ります。${coins.toLocaleString("ja-JP")}コインを使用します。`
      : `${itemName} ×${quantity} を贈ります。持っているアイテムから贈ります。`,
  send: "贈る",
  cancel: "やめる",
  notEnoughCoins: "コインが足りません",
  charge: "コインをチャージ",
  chargeShort: "チャージ",
  balance: (coins: number) => `${coins.toLocaleString("ja-JP")}コイン`,
  owned: (count: number) => `所持 ${count}`,
  sheetTitle: "ギフトを贈る",
  quantity: "個数",
  failed: "ギフトを贈れませんでした",
  sent: (itemName: string, quantity: number) => `${itemName} ×${quantity} を贈りました`,
} as const;
