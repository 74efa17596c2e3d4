/**
 * Pure rules of coins, items, points and payouts (ADR 0032). No I/O: the ledger
 * services and the pages use these, and tests/unit/money.test.ts holds them to tables of cases.
 */

/** Paid coins expire this long after their purchase (資金決済法: within 6 months, no deposit). */
export const PAID_COIN_VALIDITY_DAYS = 180;
/** The listener is mailed this many days before paid coins expire. */
export const EXPIRY_NOTICE_DAYS = 14;
/** The bank transfer fee the store pays per payout (yen). */
export const PAYOUT_TRANSFER_FEE_YEN = 330;
/** 源泉徴収 for individual stores: 10.21 % up to ¥1,000,000 of one payment, 20.42 % above. */
export const WITHHOLDING_THRESHOLD_YEN = 1_000_000;

const DAY_MS = 86_400_000;

export const COIN_LOT_KINDS = ["paid", "bonus"] as const;
export type CoinLotKind = (typeof COIN_LOT_KINDS)[number];

export const LEDGER_UNITS = ["coins", "items", "points", "yen"] as const;
export type LedgerUnit = (typeof LEDGER_UNITS)[number];

/** When coins bought at `purchasedAt` expire: exactly 180 days later (the instant counts as expired). */
export function paidCoinExpiry(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + PAID_COIN_VALIDITY_DAYS * DAY_MS);
}

/** When the expiry notice of a lot expiring at `expiresAt` is due. */
export function expiryNoticeAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - EXPIRY_NOTICE_DAYS * DAY_MS);
}

export function isExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

export interface CoinLot {
  id: string;
  kind: CoinLotKind;
  acquiredAt: Date;
  expiresAt: Date | null;
  balance: number;
}

export type SpendPlan =
  | { ok: true; takes: { id: string; amount: number }[] }
  | { ok: false; available: number };

/**
 * Which lots pay `amount` coins: paid coins before bonus coins, the oldest first within each
 * (ADR 0032); expired lots are never spent (the expiry job books them out).
 */
export function planSpend(lots: readonly CoinLot[], amount: number, now: Date): SpendPlan {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`invalid coin amount ${amount}`);
  const usable = lots
    .filter((lot) => lot.balance > 0 && !isExpired(lot.expiresAt, now))
    .sort(
      (a, b) =>
        COIN_LOT_KINDS.indexOf(a.kind) - COIN_LOT_KINDS.indexOf(b.kind) ||
        a.acquiredAt.getTime() - b.acquiredAt.getTime() ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  const available = usable.reduce((sum, lot) => sum + lot.balance, 0);
  if (available < amount) return { ok: false, available };
  const takes: { id: string; amount: number }[] = [];
  let left = amount;
  for (const lot of usable) {
    if (left === 0) break;
    const take = Math.min(lot.balance, left);
    takes.push({ id: lot.id, amount: take });
    left -= take;
  }
  return { ok: true, takes };
}

/** 源泉徴収 in yen, rounded down (国税庁: 1円未満切捨て); nothing for a company. */
export function withholdingYen(grossYen: number, isIndividual: boolean): number {
  if (!isIndividual || grossYen <= 0) return 0;
  const low = Math.min(grossYen, WITHHOLDING_THRESHOLD_YEN);
  const high = Math.max(0, grossYen - WITHHOLDING_THRESHOLD_YEN);
  // Integer arithmetic: 10.21 % = 1021 / 10000, so no floating-point rounding at the boundary.
  return Math.floor((low * 1021 + high * 2042) / 10000);
}

export interface PayoutBreakdown {
  gross: number;
  fee: number;
  withholding: number;
  net: number;
}

/** What a payout of `points` (1 point = ¥1) comes to: fee and withholding both off the gross. */
export function payoutBreakdown(
  points: number,
  isIndividual: boolean,
  fee = PAYOUT_TRANSFER_FEE_YEN,
): PayoutBreakdown {
  const withholding = withholdingYen(points, isIndividual);
  return { gross: points, fee, withholding, net: points - fee - withholding };
}

export type PayoutRefusal = "below_minimum" | "insufficient_points" | "invalid";

/** Whether `points` may be requested as a payout from a balance of `available` points. */
export function payoutRefusal(points: number, available: number, minimumYen: number): PayoutRefusal | null {
  if (!Number.isInteger(points) || points <= 0) return "invalid";
  if (points < minimumYen) return "below_minimum";
  if (points > available) return "insufficient_points";
  return null;
}

export interface LedgerLine {
  unit: LedgerUnit;
  itemId?: string | null;
  amount: number;
}

/** The units (item units per item) whose entries do not sum to zero; empty when balanced. */
export function unbalancedUnits(lines: readonly LedgerLine[]): string[] {
  const sums = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) return ["invalid-amount"];
    const key = line.unit === "items" ? `items:${line.itemId ?? ""}` : line.unit;
    sums.set(key, (sums.get(key) ?? 0) + line.amount);
  }
  return [...sums].filter(([, sum]) => sum !== 0).map(([key]) => key);
}

/** Yen and coin amounts as the pages show them. */
export const formatYen = (yen: number) => `¥${yen.toLocaleString("ja-JP")}`;
export const formatCoins = (coins: number) => `${coins.toLocaleString("ja-JP")}コイン`;
export const formatPoints = (points: number) => `${points.toLocaleString("ja-JP")}pt`;

/** The month (Asia/Tokyo) of an instant, `YYYY-MM`, for the history's grouping. */
export function tokyoMonth(at: Date): string {
  const tokyo = new Date(at.getTime() + 9 * 3_600_000);
  return `${tokyo.getUTCFullYear()}-${String(tokyo.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A CSV field: quoted when it holds a comma, quote or line break; formulas defused. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV in UTF-8 with a byte-order mark (so Excel reads it as UTF-8), CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** The kinds of rows of the listener's history (`/listener/mypage/history`). */
export const HISTORY_KINDS = [
  "coin_purchase",
  "item_purchase",
  "gift",
  "coin_expiry",
  "coin_refund",
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_KIND_LABELS: Record<HistoryKind, string> = {
  coin_purchase: "コイン購入",
  item_purchase: "アイテム購入",
  gift: "ギフト",
  coin_expiry: "有効期限切れ",
  coin_refund: "返金",
};

/** A gift as the receiving staff member or store sees it. */
export interface ReceivedGift {
  gift_id: string;
  item_name: string;
  image_url: string;
  quantity: number;
  points: number;
  from: string;
  staff_name: string | null;
  created_at: string;
}
