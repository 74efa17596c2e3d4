/**
 * How a card is named to a person (ADR 0038): the provider's brand code as the card's name, as
 * Japanese shops print them ("VISA"). The listener's saved cards and the store's card on file.
 */
const BRANDS: Record<string, string> = {
  visa: "VISA",
  mastercard: "Mastercard",
  jcb: "JCB",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  unionpay: "UnionPay",
};

export function cardBrandLabel(brand: string): string {
  return BRANDS[brand] ?? (brand ? brand.toUpperCase() : "カード");
}

/** `MM/YY`, as printed on the card. */
export function cardExpiry(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;
}

/** The test provider's fixed test cards (what its テスト決済 page offers to save; no numbers). */
export const TEST_CARDS = {
  visa: { brand: "visa", last4: "4242" },
  mastercard: { brand: "mastercard", last4: "4444" },
  jcb: { brand: "jcb", last4: "0000" },
} as const;
export type TestCard = keyof typeof TEST_CARDS;
