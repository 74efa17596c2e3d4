/**
 * Display formats (isomorphic; the same output on server and client).
 */

const NUMBER_FORMAT = new Intl.NumberFormat("ja-JP");
const TOKYO_DATE_TIME = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const TOKYO_DATE = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** A day as people read it: "2026年11月25日" (Asia/Tokyo). */
export function formatTokyoDate(value: Date | string): string {
  return TOKYO_DATE.format(new Date(value));
}

/** A point in time as a mail says it: "2026年11月23日 21:05" (Asia/Tokyo). */
export function formatTokyoDateTime(value: Date | string): string {
  return TOKYO_DATE_TIME.format(new Date(value));
}
const YEN_NUMBER_FORMAT = new Intl.NumberFormat("ja-JP", { maximumFractionDigits: 0 });

function toNumber(n: number | string | null | undefined): number {
  if (typeof n === "number") return n;
  if (typeof n !== "string") return Number.NaN;
  const s = n.normalize("NFKC").trim();
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/**
 * "1,234,567" (ja-JP grouping, up to 3 decimals, -0 shown as 0). Decimal strings are accepted
 * ("1234", "-12.5"; full-width digits too, surrounding whitespace ignored; no grouping commas,
 * exponents or hex); "" for anything that is not a finite number.
 */
export function formatNumber(n: number | string | null | undefined): string {
  const value = toNumber(n);
  return Number.isFinite(value) ? NUMBER_FORMAT.format(value === 0 ? 0 : value) : "";
}

/** "¥4,000" (ASCII-range yen sign U+00A5, rounded to whole yen, "-¥500" when negative); "" when not a number. */
export function formatYen(n: number | string | null | undefined): string {
  const value = toNumber(n);
  if (!Number.isFinite(value)) return "";
  const rounded = Math.round(value);
  const sign = rounded < 0 ? "-" : "";
  return `${sign}¥${YEN_NUMBER_FORMAT.format(Math.abs(rounded))}`;
}

/**
 * The 7 digits of a postal code, or null. Accepted: 7 digits, or 3 digits, one hyphen, 4 digits;
 * full-width digits, full-width or katakana-style hyphens (－ ー ‐ − –) and surrounding whitespace
 * are accepted too.
 */
export function normalizePostalCode(s: string | null | undefined): string | null {
  if (s == null) return null;
  const half = String(s)
    .trim()
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const match = /^(\d{3})[-－ー‐−–]?(\d{4})$/.exec(half);
  return match ? `${match[1]}${match[2]}` : null;
}

/** "NNN-NNNN" from an acceptable postal code (see `normalizePostalCode`); anything else unchanged. */
export function formatPostalCode(s: string): string {
  const digits = normalizePostalCode(s);
  return digits ? `${digits.slice(0, 3)}-${digits.slice(3)}` : s;
}

/** "¥4,000" or "無料" for 0. */
export function priceLabel(price: number): string {
  return price === 0 ? "無料" : formatYen(price);
}
