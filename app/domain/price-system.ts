/**
 * The structured 料金システム of a store (issue 4), kept as one jsonb value on `livers`. Amounts
 * are yen (tax as the store states it), durations minutes, times "HH:MM" of the schedule choices
 * (a set that starts at OPEN or ends at LAST uses those values).
 */
export interface PriceSet {
  /** e.g. "20:00〜21:00" is start_time "20:00", end_time "21:00". */
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
