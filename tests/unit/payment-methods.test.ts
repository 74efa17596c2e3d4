import { describe, expect, it } from "vitest";
import { cardBrandLabel, cardExpiry } from "~/domain/payment-methods";

describe("saved cards as a person reads them", () => {
  it.each([
    ["visa", "VISA"],
    ["mastercard", "Mastercard"],
    ["jcb", "JCB"],
    ["amex", "American Express"],
    ["cartes_bancaires", "CARTES_BANCAIRES"],
    ["", "カード"],
  ])("brand %s → %s", (brand, label) => {
    expect(cardBrandLabel(brand)).toBe(label);
  });

  it.each([
    [1, 2029, "01/29"],
    [12, 2030, "12/30"],
    [7, 2100, "07/00"],
  ])("expiry %i/%i → %s", (expMonth, expYear, shown) => {
    expect(cardExpiry({ expMonth, expYear })).toBe(shown);
  });
});
