/**
 * Filters applied to form inputs as the user types (and again on the server before validation).
 */

/** Full-width digits ０–９ → 0–9; everything else unchanged. */
export function toHalfWidthDigits(s: string): string {
  return s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** Only the digits 0–9 (full-width digits converted first); "" for null/undefined. */
export function digitsOnly(s: string | null | undefined): string {
  if (s == null) return "";
  return toHalfWidthDigits(String(s)).replace(/[^0-9]/g, "");
}

/**
 * A price as typed: digits only (as `digitsOnly`), leading zeros removed ("0" stays, "000" → "0");
 * "" stays "".
 */
export function priceLike(s: string | null | undefined): string {
  const digits = digitsOnly(s);
  if (digits === "") return "";
  return digits.replace(/^0+(?=\d)/, "");
}

/**
 * `value` when it is one of `choices`, else `fallback`. Values are compared as strings after
 * trimming, so "25" from a form matches the choice 25 (the choice itself is returned, keeping its
 * type); no other folding (full-width digits are not a choice).
 */
export function clampToChoices<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  fallback: T,
): T {
  if (value == null || (typeof value !== "string" && typeof value !== "number")) return fallback;
  const wanted = String(value).trim();
  if (wanted === "") return fallback;
  return choices.find((choice) => String(choice) === wanted) ?? fallback;
}
