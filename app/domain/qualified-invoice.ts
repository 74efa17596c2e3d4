import { SITE_NAME } from "../site";

/**
 * The receipt of a paid plan invoice as a qualified invoice (適格請求書, 消費税法 Art. 57-4 (1)) —
 * ADR 0061. Pure: the page and its tests use the same arithmetic.
 *
 * Prices on the site are tax included (月額 ¥X（税込）). The tax is computed once per invoice and per
 * rate, from the sum of the tax-included amounts of that rate, rounded down to the yen
 * (Art. 70-10 of the order: one rounding per rate per invoice, never per line).
 */

/** The consumption tax rates of Japan: standard 10 %, reduced 8 % (food and newspapers). */
export const TAX_RATES = [10, 8] as const;
export type TaxRate = (typeof TAX_RATES)[number];

/** The rate of a store's plan: a service, the standard rate. */
export const PLAN_TAX_RATE: TaxRate = 10;

export interface InvoiceLine {
  description: string;
  /** Tax included, in yen (a non-negative integer). */
  amountJpy: number;
  rate: TaxRate;
}

export interface RateTotal {
  rate: TaxRate;
  /** The sum of the lines of this rate, tax included. */
  totalJpy: number;
  /** The tax in it: ⌊total × rate / (100 + rate)⌋, once for the rate. */
  taxJpy: number;
  /** The total without the tax. */
  netJpy: number;
}

/** The tax contained in a tax-included `total` at `rate` %, rounded down to the yen. */
export function includedTax(total: number, rate: TaxRate): number {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`not an amount of yen: ${total}`);
  return Math.floor((total * rate) / (100 + rate));
}

/**
 * The amounts by rate of an invoice (the standard rate first; a rate without lines is left out):
 * each rate's lines summed, then its tax taken once.
 */
export function totalsByRate(lines: readonly InvoiceLine[]): RateTotal[] {
  return TAX_RATES.flatMap((rate) => {
    const of = lines.filter((line) => line.rate === rate);
    if (of.length === 0) return [];
    const totalJpy = of.reduce((sum, line) => sum + line.amountJpy, 0);
    const taxJpy = includedTax(totalJpy, rate);
    return [{ rate, totalJpy, taxJpy, netJpy: totalJpy - taxJpy }];
  });
}

/** The issuer of the receipts: the platform's operator, from configuration (INVOICE_* variables). */
export interface InvoiceIssuer {
  name: string;
  /** 登録番号 (T + 13 digits). */
  registrationNumber: string;
  /** True while the name or the number is a development stand-in. */
  isPlaceholder: boolean;
}

/** 登録番号: "T" and the 13 digits the tax office assigned (a company's 法人番号, or a number of its own). */
export const REGISTRATION_NUMBER_PATTERN = /^T\d{13}$/;

export function isRegistrationNumber(value: string): boolean {
  return REGISTRATION_NUMBER_PATTERN.test(value);
}

/** The words of the receipt page. */
export const RECEIPT_TEXTS = {
  title: "領収書（適格請求書）",
  heading: "領収書",
  qualified: "適格請求書",
  recipientSuffix: "御中",
  issuer: "発行者",
  registrationNumber: "登録番号",
  date: "取引年月日",
  number: "請求書番号",
  description: "内容",
  amount: "金額（税込）",
  total: "合計（税込）",
  byRate: "税率ごとの内訳",
  rateLabel: (rate: TaxRate) => `${rate}%対象`,
  taxLabel: (rate: TaxRate) => `消費税（${rate}%）`,
  netLabel: "税抜金額",
  received: "上記の金額を正に領収いたしました。",
  rounding: "消費税は税率ごとに合計して1円未満を切り捨てています。",
  print: "印刷する",
  back: "プラン・お支払いへ戻る",
  placeholder:
    "発行者名と登録番号は開発用の仮の値です。実際の適格請求書としては使えません（本番では INVOICE_ISSUER_NAME と INVOICE_REGISTRATION_NUMBER を設定します）。",
  linkLabel: "領収書",
  planLine: (plan: string) => `${SITE_NAME} 店舗掲載プラン「${plan}」月額利用料`,
  period: (from: string, to: string) => `対象期間 ${from}〜${to}`,
} as const;
