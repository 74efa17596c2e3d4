/**
 * Search-text normalisation, shared by the keyword (here) and the stored `search_text` columns
 * (SQL: `translate(lower(normalize(text, NFKC)), HIRAGANA_CHARS, KATAKANA_CHARS)`).
 *
 * 1. Unicode NFKC: full-width alphanumerics/symbols → half-width, half-width katakana → full-width
 *    (with voiced marks composed: ｶﾞ → ガ), ideographic space → ASCII space.
 * 2. Lower case.
 * 3. Hiragana U+3041–U+3096 → katakana U+30A1–U+30F6 (code point + 0x60).
 * 4. Trim, and collapse every whitespace run to one ASCII space (the SQL side joins columns with
 *    one space and names rarely hold runs, so both sides agree on real data).
 */

const HIRAGANA_FIRST = 0x3041;
const HIRAGANA_LAST = 0x3096;
const KANA_OFFSET = 0x60;

function charsFrom(first: number, last: number): string {
  return String.fromCharCode(...Array.from({ length: last - first + 1 }, (_, i) => first + i));
}

/** ぁ…ゖ (U+3041–U+3096), for SQL `translate()`. */
export const HIRAGANA_CHARS = charsFrom(HIRAGANA_FIRST, HIRAGANA_LAST);
/** ァ…ヶ (U+30A1–U+30F6), same length and order as HIRAGANA_CHARS. */
export const KATAKANA_CHARS = charsFrom(HIRAGANA_FIRST + KANA_OFFSET, HIRAGANA_LAST + KANA_OFFSET);

/** Hiragana → katakana, nothing else changed. */
export function hiraganaToKatakana(s: string): string {
  return s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + KANA_OFFSET));
}

/** The searchable form of a text (see the file comment); "" for null/undefined. */
export function normalizeSearchText(s: string | null | undefined): string {
  if (s == null) return "";
  return hiraganaToKatakana(String(s).normalize("NFKC").toLowerCase()).replace(/\s+/g, " ").trim();
}

/** The normalised keyword of a search form; "" when blank (no keyword filter). */
export function normalizeKeyword(s: string | null | undefined): string {
  return normalizeSearchText(s);
}

/** The space-separated terms of a keyword, normalised (each is matched with LIKE '%term%'). */
export function keywordTerms(s: string | null | undefined): string[] {
  const keyword = normalizeKeyword(s);
  return keyword === "" ? [] : keyword.split(" ");
}

/** Escapes `\`, `%` and `_` with a backslash for a SQL LIKE pattern (the default escape character). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
