export { priceLabel } from "./format";

import { scheduleTimeLabel } from "./schedule-times";

/**
 * The structured 料金システム of a store (ADR 0009) as readers see it: its shape and the words the
 * public store page prints. Apart from `price-system.ts` (the form's schema) so a page that only
 * shows prices does not load zod and the validators.
 */
export interface PriceSet {
  /** e.g. "20:00〜21:00" is start_time "20:00", end_time "21:00"; both "" = any time. */
  start_time: string;
  end_time: string;
  minutes: number;
  price: number;
  /** optional wording such as "初回" or "女性のお客様"; empty when none. */
  label: string;
}

export interface PriceItem {
  name: string;
  price: number;
}

export interface PriceSystem {
  /** Set prices by time slot (セット料金). */
  sets: PriceSet[];
  /** Extension (延長): minutes and price; null when the store does not offer it. */
  extension: { minutes: number; price: number } | null;
  /** 指名料, 場内指名料, 同伴料, テーブルチャージ: null when not charged. */
  nomination_fee: number | null;
  in_store_nomination_fee: number | null;
  companion_fee: number | null;
  table_charge: number | null;
  /** サービス料 and 消費税 as percentages (0–100); null when included or not charged. */
  service_charge_percent: number | null;
  tax_percent: number | null;
  drinks: PriceItem[];
  /** Values of PAYMENT_METHODS (cash, credit cards, e-money, QR codes). */
  payment_methods: string[];
  note: string;
}

export const PAYMENT_METHODS = [
  { value: "cash", label: "現金" },
  { value: "credit_card", label: "クレジットカード" },
  { value: "debit_card", label: "デビットカード" },
  { value: "e_money", label: "電子マネー" },
  { value: "transit_ic", label: "交通系IC" },
  { value: "qr_code", label: "QRコード決済" },
] as const;
export const PAYMENT_METHOD_VALUES: readonly string[] = PAYMENT_METHODS.map((m) => m.value);

/** Whether a stored price system says anything at all. */
export function hasPrices(system: PriceSystem | null | undefined): system is PriceSystem {
  if (!system) return false;
  return (
    system.sets.length > 0 ||
    system.drinks.length > 0 ||
    system.extension !== null ||
    [
      system.nomination_fee,
      system.in_store_nomination_fee,
      system.companion_fee,
      system.table_charge,
      system.service_charge_percent,
      system.tax_percent,
    ].some((value) => value !== null) ||
    system.payment_methods.length > 0 ||
    system.note !== ""
  );
}

/** "20:00〜21:00", or "時間指定なし" for a set without a time slot. */
export function priceSetTime(set: Pick<PriceSet, "start_time" | "end_time">): string {
  if (set.start_time === "" && set.end_time === "") return "時間指定なし";
  return `${scheduleTimeLabel(set.start_time)}〜${scheduleTimeLabel(set.end_time)}`;
}

/** "10%" (one decimal kept: "15.5%"). */
export function percentLabel(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** The label of a payment method value ("" for an unknown one). */
export function paymentMethodLabel(value: string): string {
  return PAYMENT_METHODS.find((m) => m.value === value)?.label ?? "";
}

/**
 * What is charged on top of the listed prices, as a sentence for the reader ("表示料金とは別に
 * サービス料20%・消費税10%がかかります"); "" when nothing is.
 */
export function surchargeNotice(system: PriceSystem): string {
  const parts: string[] = [];
  if (system.service_charge_percent) parts.push(`サービス料${percentLabel(system.service_charge_percent)}`);
  if (system.tax_percent) parts.push(`消費税${percentLabel(system.tax_percent)}`);
  return parts.length > 0 ? `表示料金とは別に${parts.join("・")}がかかります` : "";
}
