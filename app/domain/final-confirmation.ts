import { z } from "zod";
import { CATALOGUE_ID } from "./admin-catalogue";
import { COIN_RETURN_MAX } from "./coin-return";
import { formatTokyoDate } from "./format";
import { EXPIRY_NOTICE_DAYS, formatCoins, formatYen, PAID_COIN_VALIDITY_DAYS, paidCoinExpiry } from "./money";
import { addBillingMonth, BILLING_GRACE_DAYS } from "./store-billing";

/**
 * The final confirmation (最終確認画面) before a coin purchase and before a store plan
 * subscription (ADR 0052, 特定商取引法 12条の6 as docs/product.md summarises it): what the one
 * screen shows, item by item, and the key of the terms the buyer confirmed. Pure and isomorphic:
 * the pages render these rows, the services compare the key, tests/unit/final-confirmation.test.ts
 * holds both to tables.
 */

/** Days a konbini voucher can be paid (the Stripe checkout's `expires_after_days`, ADR 0032). */
export const KONBINI_PAYMENT_DAYS = 3;

/** What the coin checkout offers (ADR 0032: card and konbini, at Stripe and the test provider). */
export const COIN_PAYMENT_METHODS = ["card", "konbini"] as const;
export type CoinPaymentMethod = (typeof COIN_PAYMENT_METHODS)[number];

const PAYMENT_METHOD_LABELS: Record<CoinPaymentMethod, string> = {
  card: "クレジットカード",
  konbini: "コンビニ払い",
};

/** The items a coin purchase's confirmation must show (the contract of ADR 0052), in order. */
export const COIN_CONFIRMATION_ITEMS = [
  "product",
  "quantity",
  "price",
  "payment_method",
  "payment_timing",
  "delivery",
  "expiry",
  "cancellation",
] as const;

/** The items a plan subscription's confirmation must show, in order. */
export const PLAN_CONFIRMATION_ITEMS = [
  "product",
  "quantity",
  "price",
  "payment_method",
  "payment_timing",
  "delivery",
  "renewal",
  "cancellation",
  "failed_payment",
  "plan_change",
] as const;

export type ConfirmationItemKey =
  | (typeof COIN_CONFIRMATION_ITEMS)[number]
  | (typeof PLAN_CONFIRMATION_ITEMS)[number];

/** One line of the confirmation: a label, the fact in a few words, and the details under it. */
export interface ConfirmationItem {
  key: ConfirmationItemKey;
  label: string;
  value: string;
  notes: readonly string[];
}

export const FINAL_CONFIRMATION_TEXTS = {
  coinTitle: "ご購入内容の確認",
  coinLead: "以下の内容をご確認のうえ、「確定して支払いへ進む」を押してください。",
  planTitle: "お申し込み内容の確認",
  planLead:
    "以下の内容をご確認のうえ、「確定して支払いへ進む」を押してください。月額プランは毎月自動で更新されます。",
  confirm: "確定して支払いへ進む",
  pending: "お支払いページへ移動中…",
  nextStep: "次の画面（決済代行会社のお支払いページ）でお支払い方法を選び、手続きを完了してください。",
  nextStepTest: "次の画面はテスト決済のページです（実際の請求はありません）。",
  coinSteps: ["パックを選ぶ", "内容の確認", "お支払い"],
  planSteps: ["プランを選ぶ", "内容の確認", "お支払い"],
  stepsLabel: "購入の手順",
  legalLead: "お支払いの条件は次のページにも記載しています。",
  commercialLink: "特定商取引法に基づく表記",
  termsLink: "利用規約",
  storeTermsLink: "店舗利用規約",
  backToPacks: "パックを選び直す",
  backToPlan: "プラン・お支払いに戻る",
  packGone: "このコインパックは現在販売していません。",
  termsChanged:
    "ご確認中に内容が変更されました。変更後の内容をご確認のうえ、もう一度「確定して支払いへ進む」を押してください。",
  notConfirmed: "確認画面からお進みください。",
  coinSalesClosed: "現在コインの販売を準備中です。",
  noPlan: "プランが選ばれていません。設定でプランを選んでください。",
  choosePlan: "設定でプランを選ぶ",
  billingUnavailable: "現在オンライン決済を受け付けていません。運営までお問い合わせください。",
} as const;

/** The terms a coin pack is sold on; the key changes whenever one of them does. */
export interface CoinPackTerms {
  pack_id: string;
  coins: number;
  bonus_coins: number;
  price_jpy: number;
}

/** The terms of a plan as it is subscribed. */
export interface PlanSubscriptionTerms {
  id: string;
  name: string;
  monthly_price: number;
  limit_staff: number;
}

/**
 * The key of what the listener confirmed, carried by the confirmation's form: the checkout starts
 * only when it equals the key of the pack as it is sold now, so the price charged is the price
 * shown on the last screen.
 */
export function coinTermsKey(pack: CoinPackTerms): string {
  return `coin:${pack.pack_id}:${pack.coins}+${pack.bonus_coins}:${pack.price_jpy}`;
}

/** The same for a plan: its id, monthly price and staff limit. */
export function planTermsKey(plan: PlanSubscriptionTerms): string {
  return `plan:${plan.id}:${plan.monthly_price}:${plan.limit_staff}`;
}

/** `/listener/coin/confirm` for one pack, the way back of ADR 0043 kept. */
export function coinConfirmPath({
  packId,
  returnPath,
}: {
  packId: string;
  returnPath?: string | null;
}): string {
  const params = new URLSearchParams({ pack: packId });
  if (returnPath) params.set("return", returnPath);
  return `/listener/coin/confirm?${params.toString()}`;
}

/** The plan confirmation's path (ADR 0052). */
export const PLAN_CONFIRM_PATH = "/liver/mypage/payment/confirm";

/** The rows of a coin purchase's confirmation, for a purchase paid at `now`. */
export function coinConfirmation(pack: CoinPackTerms, now: Date): ConfirmationItem[] {
  const total = pack.coins + pack.bonus_coins;
  const methods = COIN_PAYMENT_METHODS.map((method) => PAYMENT_METHOD_LABELS[method]).join("・");
  return [
    {
      key: "product",
      label: "商品",
      value:
        pack.bonus_coins > 0
          ? `${formatCoins(pack.coins)}（＋ボーナス ${formatCoins(pack.bonus_coins)}）`
          : formatCoins(pack.coins),
      notes: [
        ...(pack.bonus_coins > 0 ? [`合計 ${formatCoins(total)}が付与されます。`] : []),
        "コインはこのサイトでアイテムを購入し、キャストやお店に贈るために使えます。",
      ],
    },
    { key: "quantity", label: "数量", value: "1パック", notes: [] },
    {
      key: "price",
      label: "お支払い金額（税込）",
      value: formatYen(pack.price_jpy),
      notes: ["消費税を含みます。決済手数料はかかりません（通信料はお客様のご負担です）。"],
    },
    {
      key: "payment_method",
      label: "お支払い方法",
      value: methods,
      notes: ["次の画面で選べます。カード番号は決済代行会社が管理し、当サイトには保存されません。"],
    },
    {
      key: "payment_timing",
      label: "お支払い時期",
      value: "次の画面でのお手続き時",
      notes: [
        "クレジットカード：お手続きの完了時に決済します（引き落とし日はカード会社の規定によります）。",
        `コンビニ払い：お手続き後に表示される番号で、${KONBINI_PAYMENT_DAYS}日以内に店頭でお支払いください。期限までにお支払いがない場合、購入は取り消されます。`,
      ],
    },
    {
      key: "delivery",
      label: "コインの付与・ご利用開始",
      value: "お支払いの確認後すぐ",
      notes: [
        "クレジットカード：決済が完了するとすぐに付与され、そのまま使えます。",
        "コンビニ払い：店頭でのお支払いが確認された後に付与されます。",
      ],
    },
    {
      key: "expiry",
      label: "有効期限",
      value: `有償コインはお支払いから${PAID_COIN_VALIDITY_DAYS}日間`,
      notes: [
        `本日お支払いの場合、${formatTokyoDate(paidCoinExpiry(now))}まで使えます。期限を過ぎた有償コインは失効します。`,
        `期限の${EXPIRY_NOTICE_DAYS}日前にメールでお知らせします。`,
        ...(pack.bonus_coins > 0
          ? ["ボーナスコインに有効期限はありません（有償コインの後に使われます）。"]
          : []),
      ],
    },
    {
      key: "cancellation",
      label: "キャンセル・返金",
      value: "お支払い後のキャンセルはできません",
      notes: [
        "購入したコインは、法令で定める場合を除き払い戻し（返金）できません。",
        "お支払いのお手続き前であれば、この画面や次の画面から戻ることで購入をやめられます（料金はかかりません）。",
      ],
    },
  ];
}

/** The rows of a plan subscription's confirmation, for a subscription starting at `now`. */
export function planConfirmation(plan: PlanSubscriptionTerms, now: Date): ConfirmationItem[] {
  const price = formatYen(plan.monthly_price);
  return [
    {
      key: "product",
      label: "プラン",
      value: plan.name,
      notes: [`キャストを${plan.limit_staff}名まで掲載できます。`],
    },
    {
      key: "quantity",
      label: "数量・契約期間",
      value: "1契約・1か月ごとの自動更新",
      notes: [],
    },
    {
      key: "price",
      label: "月額料金（税込）",
      value: price,
      notes: ["消費税を含みます。更新後も同じ料金です（プランを変更した場合を除きます）。"],
    },
    {
      key: "payment_method",
      label: "お支払い方法",
      value: "クレジットカード",
      notes: [
        "コンビニ払いはご利用いただけません。カード番号は決済代行会社が管理し、当サイトには保存されません。",
      ],
    },
    {
      key: "payment_timing",
      label: "初回のお支払い",
      value: `お申し込みの完了時に${price}`,
      notes: ["次の画面でカードを登録した時点で、初月分を決済します。"],
    },
    {
      key: "delivery",
      label: "ご利用開始",
      value: "初回のお支払いの確認後すぐ",
      notes: ["お支払いが確認されると、すぐにプランが適用されます。"],
    },
    {
      key: "renewal",
      label: "自動更新",
      value: `1か月ごとに${price}（税込）`,
      notes: [
        `次回の更新日：${formatTokyoDate(addBillingMonth(now))}（本日お申し込みの場合）。以後1か月ごとに更新します。`,
        "更新日に登録のカードで自動的に決済します。",
      ],
    },
    {
      key: "cancellation",
      label: "解約方法",
      value: "「プラン・お支払い」からいつでも",
      notes: [
        "「次回更新日で解約する」を押すと、次回の更新日に解約されます。それまでは引き続きご利用いただけ、以後の請求はありません。",
        "更新日までは同じページで解約を取り消せます。月の途中で解約しても、日割りの返金はありません。",
      ],
    },
    {
      key: "failed_payment",
      label: "お支払いに失敗した場合",
      value: `${BILLING_GRACE_DAYS}日間の猶予ののち掲載を停止`,
      notes: [
        "更新時の決済ができなかった場合はメールでお知らせします。",
        `${BILLING_GRACE_DAYS}日以内にお支払いがないと店舗の掲載を停止し、お支払いの確認後に再開します。`,
      ],
    },
    {
      key: "plan_change",
      label: "プランの変更",
      value: "次回の更新日から適用",
      notes: ["設定でプランを変更すると、次回の更新日から変更後のプランと料金になります。"],
    },
  ];
}

const confirmedTerms = z
  .string({ error: FINAL_CONFIRMATION_TEXTS.notConfirmed })
  .min(1, FINAL_CONFIRMATION_TEXTS.notConfirmed)
  .max(200, FINAL_CONFIRMATION_TEXTS.notConfirmed);

const catalogueId = z
  .string({ error: FINAL_CONFIRMATION_TEXTS.notConfirmed })
  .trim()
  .regex(CATALOGUE_ID, FINAL_CONFIRMATION_TEXTS.notConfirmed);

/** A pack chosen on the coin page, and the way back (ADR 0043; checked by `parseCoinReturn`). */
export const CoinPackChoiceSchema = z.object({
  pack_id: catalogueId,
  return: z.string().max(COIN_RETURN_MAX).optional(),
});

/** The coin confirmation's form (intent `checkout`): the pack, the way back, the terms shown. */
export const CoinCheckoutSchema = CoinPackChoiceSchema.extend({ confirmed_terms: confirmedTerms });

/** The plan confirmation's form (intent `subscribe`): the key of the terms shown (it names the plan). */
export const PlanCheckoutSchema = z.object({
  confirmed_terms: confirmedTerms,
});
