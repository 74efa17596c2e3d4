import { describe, expect, it } from "vitest";
import {
  COIN_CONFIRMATION_ITEMS,
  CoinCheckoutSchema,
  type ConfirmationItem,
  coinConfirmation,
  coinConfirmPath,
  coinTermsKey,
  PLAN_CONFIRMATION_ITEMS,
  PlanCheckoutSchema,
  planConfirmation,
  planTermsKey,
} from "~/domain/final-confirmation";

// The final confirmation (ADR 0052): every item ADR 0052 lists on the one screen, figures as the
// checkout charges them, and the key that changes with any term.
const NOW = new Date("2026-11-29T03:00:00Z"); // 12:00 in Tokyo
const text = (item: ConfirmationItem | undefined) => (item ? [item.value, ...item.notes].join(" ") : "");
const find = (items: ConfirmationItem[], key: string) => items.find((item) => item.key === key);

describe("the coin purchase's confirmation", () => {
  const plain = { pack_id: "coins-500", coins: 500, bonus_coins: 0, price_jpy: 500 };
  const bonus = { pack_id: "coins-10000", coins: 10_000, bonus_coins: 700, price_jpy: 10_000 };

  it.each([plain, bonus])("shows every required item, in order, for $pack_id", (pack) => {
    expect(coinConfirmation(pack, NOW).map((item) => item.key)).toEqual([...COIN_CONFIRMATION_ITEMS]);
  });

  it.each([
    ["product", plain, "500コイン"],
    ["product", bonus, "10,000コイン（＋ボーナス 700コイン）"],
    ["product", bonus, "合計 10,700コイン"],
    ["quantity", plain, "1パック"],
    ["price", bonus, "¥10,000"],
    ["payment_method", plain, "クレジットカード・コンビニ払い"],
    ["payment_timing", plain, "3日以内に店頭でお支払いください"],
    ["payment_timing", plain, "お手続きの完了時に決済します"],
    ["delivery", plain, "すぐに付与され"],
    ["delivery", plain, "店頭でのお支払いが確認された後に付与されます"],
    ["expiry", plain, "お支払いから180日間"],
    // 180 days after 2026-11-29 12:00 Tokyo is 2027-05-28.
    ["expiry", plain, "2027年5月28日まで"],
    ["expiry", plain, "14日前にメールでお知らせします"],
    ["expiry", bonus, "ボーナスコインに有効期限はありません"],
    ["cancellation", plain, "法令で定める場合を除き払い戻し（返金）できません"],
  ])("%s of %o says %s", (key, pack, expected) => {
    expect(text(find(coinConfirmation(pack, NOW), key))).toContain(expected);
  });

  it("labels the price as tax included and says nothing of bonus coins for a pack without them", () => {
    const items = coinConfirmation(plain, NOW);
    expect(find(items, "price")?.label).toBe("お支払い金額（税込）");
    expect(items.map(text).join(" ")).not.toContain("ボーナス");
  });
});

describe("the plan subscription's confirmation", () => {
  const standard = { id: "standard", name: "スタンダード", monthly_price: 29_800, limit_staff: 15 };

  it("shows every required item, in order", () => {
    expect(planConfirmation(standard, NOW).map((item) => item.key)).toEqual([...PLAN_CONFIRMATION_ITEMS]);
  });

  it.each([
    ["product", "スタンダード"],
    ["product", "15名まで"],
    ["quantity", "1か月ごとの自動更新"],
    ["price", "¥29,800"],
    ["payment_method", "クレジットカード"],
    ["payment_timing", "お申し込みの完了時に¥29,800"],
    ["delivery", "すぐにプランが適用されます"],
    ["renewal", "1か月ごとに¥29,800（税込）"],
    ["renewal", "次回の更新日：2026年12月29日"],
    ["cancellation", "次回の更新日に解約されます"],
    ["cancellation", "日割りの返金はありません"],
    ["failed_payment", "7日間の猶予ののち掲載を停止"],
    ["plan_change", "次回の更新日から"],
  ])("%s says %s", (key, expected) => {
    expect(text(find(planConfirmation(standard, NOW), key))).toContain(expected);
  });

  it("renews on the last day of a shorter month (the billing anchor of ADR 0037)", () => {
    const jan31 = new Date("2026-01-31T03:00:00Z");
    expect(text(find(planConfirmation(standard, jan31), "renewal"))).toContain("2026年2月28日");
  });

  it("labels the monthly price as tax included", () => {
    expect(find(planConfirmation(standard, NOW), "price")?.label).toBe("月額料金（税込）");
  });
});

describe("the key of the terms confirmed", () => {
  const pack = { pack_id: "coins-1000", coins: 1000, bonus_coins: 20, price_jpy: 1000 };
  it.each([
    ["the price", { ...pack, price_jpy: 1100 }],
    ["the coins", { ...pack, coins: 900 }],
    ["the bonus", { ...pack, bonus_coins: 0 }],
    ["the pack", { ...pack, pack_id: "coins-1000b" }],
  ])("of a pack changes with %s", (_what, changed) => {
    expect(coinTermsKey(changed)).not.toBe(coinTermsKey(pack));
  });
  it("of a pack is the same for the same terms", () => {
    expect(coinTermsKey({ ...pack })).toBe(coinTermsKey(pack));
  });

  const plan = { id: "standard", name: "スタンダード", monthly_price: 29_800, limit_staff: 15 };
  it.each([
    ["the price", { ...plan, monthly_price: 32_000 }],
    ["the limit", { ...plan, limit_staff: 10 }],
    ["the plan", { ...plan, id: "premium" }],
  ])("of a plan changes with %s", (_what, changed) => {
    expect(planTermsKey(changed)).not.toBe(planTermsKey(plan));
  });
  it("of a plan ignores its display name", () => {
    expect(planTermsKey({ ...plan, name: "スタンダード（新）" })).toBe(planTermsKey(plan));
  });
});

describe("the confirmation's forms", () => {
  it.each([
    [{ intent: "checkout", pack_id: "coins-500", confirmed_terms: "coin:coins-500:500+0:500" }, true],
    [{ pack_id: "coins-500", confirmed_terms: "k", return: "/listener/live/x" }, true],
    [{ pack_id: "coins-500" }, false],
    [{ pack_id: "coins-500", confirmed_terms: "" }, false],
    [{ pack_id: "../x", confirmed_terms: "k" }, false],
    [{ pack_id: ["a", "b"], confirmed_terms: "k" }, false],
    [{ pack_id: "coins-500", confirmed_terms: "k".repeat(201) }, false],
    [{ pack_id: "coins-500", confirmed_terms: "k", return: "x".repeat(600) }, false],
  ])("coin %o → %s", (values, ok) => {
    expect(CoinCheckoutSchema.safeParse(values).success).toBe(ok);
  });

  it.each([
    [{ confirmed_terms: "plan:standard:29800:15" }, true],
    [{}, false],
    [{ confirmed_terms: "" }, false],
  ])("plan %o → %s", (values, ok) => {
    expect(PlanCheckoutSchema.safeParse(values).success).toBe(ok);
  });

  it("keeps the way back in the confirmation's address", () => {
    expect(coinConfirmPath({ packId: "coins-500" })).toBe("/listener/coin/confirm?pack=coins-500");
    expect(coinConfirmPath({ packId: "coins-500", returnPath: "/listener/live/a b" })).toBe(
      "/listener/coin/confirm?pack=coins-500&return=%2Flistener%2Flive%2Fa+b",
    );
  });
});
