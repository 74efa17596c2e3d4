import { normalizeForContactCheck } from "./contact-filter";
import { hiraganaToKatakana } from "./keyword";

/**
 * Blocked words of live comments and chat messages, matched as whole words (docs/product.md
 * "Moderation", ADR 0050). Pure.
 *
 * 1. Both the text and each word are folded: NFKC (full and half width), no zero-width characters,
 *    lower case, dashes as "-" (as the contact filter folds), and white space between two Japanese
 *    characters removed (「ば か」 is 「ばか」; Japanese puts no spaces inside words, so only an
 *    evasion loses them). Hiragana is then compared as katakana.
 * 2. Words are found by ICU's dictionary word breaking (`Intl.Segmenter` with `ja`), run on the
 *    folded text before the kana fold: the writer's own script choice is part of how the
 *    dictionary reads it (「ばかり」 is one word, 「カスタマー」 one loanword). A run of katakana is
 *    one word whatever the dictionary says: loanwords and their compounds are written that way
 *    (ICU cuts 「カスタマーサポート」 into カス|タマ|ー|サポート).
 * 3. A blocked word matches where it starts and ends on word boundaries. An operator writes
 *    `word*` to match it at the start of a longer word too, `*word` at the end, `*word*` anywhere.
 * 4. An occurrence inside an occurrence of an allowed word (the allow list, matched anywhere) is
 *    not a match: 「ばかうま」 allowed lets 「ばかうまラーメン」 through while 「ばか」 stays blocked.
 */

export interface BlockedWordRules {
  blocked: readonly string[];
  allowed: readonly string[];
}

/** A configured list: one word a line, blank lines dropped, each word once. */
export function wordListOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** The rules of the two configured lists (`blocked_words`, `blocked_words_allowed`). */
export function blockedWordRulesOf(blocked: string, allowed: string): BlockedWordRules {
  return { blocked: wordListOf(blocked), allowed: wordListOf(allowed) };
}

const JAPANESE = String.raw`\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー々〆`;
const SPACE_INSIDE_JAPANESE = new RegExp(String.raw`(?<=[${JAPANESE}])\s+(?=[${JAPANESE}])`, "gu");

/** Step 1 without the kana fold: the text the word breaker reads. */
function foldWritten(text: string): string {
  return normalizeForContactCheck(text).replace(SPACE_INSIDE_JAPANESE, "");
}

const segmenter = new Intl.Segmenter("ja", { granularity: "word" });

const KATAKANA = /[\p{Script=Katakana}ー]/u;

/** Where words start and end in `written` (UTF-16 offsets, both ends of the text included). */
function wordBoundaries(written: string): Set<number> {
  const boundaries = new Set([0, written.length]);
  for (const { index, segment } of segmenter.segment(written)) {
    boundaries.add(index);
    boundaries.add(index + segment.length);
  }
  for (const at of boundaries)
    if (KATAKANA.test(written[at - 1] ?? "") && KATAKANA.test(written[at] ?? "")) boundaries.delete(at);
  return boundaries;
}

interface Pattern {
  text: string;
  word: string;
  openStart: boolean;
  openEnd: boolean;
}

function patternOf(entry: string): Pattern | null {
  const openStart = entry.startsWith("*");
  const openEnd = entry.length > 1 && entry.endsWith("*");
  const word = hiraganaToKatakana(
    foldWritten(entry.slice(openStart ? 1 : 0, openEnd ? -1 : undefined)).trim(),
  );
  return word ? { text: entry, word, openStart, openEnd } : null;
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** The first blocked word (as the operator wrote it) that `text` holds, or null. */
export function findBlockedWord(text: string, rules: BlockedWordRules): string | null {
  const patterns = rules.blocked.map(patternOf).filter((p): p is Pattern => p !== null);
  if (patterns.length === 0) return null;
  const written = foldWritten(text);
  const folded = hiraganaToKatakana(written);
  let boundaries: Set<number> | null = null;
  const allowedSpans = rules.allowed
    .map(patternOf)
    .filter((p): p is Pattern => p !== null)
    .flatMap((p) => occurrences(folded, p.word).map((at) => [at, at + p.word.length] as const));
  for (const pattern of patterns) {
    for (const start of occurrences(folded, pattern.word)) {
      const end = start + pattern.word.length;
      boundaries ??= wordBoundaries(written);
      if (!pattern.openStart && !boundaries.has(start)) continue;
      if (!pattern.openEnd && !boundaries.has(end)) continue;
      if (allowedSpans.some(([from, to]) => from <= start && end <= to)) continue;
      return pattern.text;
    }
  }
  return null;
}

export function containsBlockedWord(text: string, rules: BlockedWordRules): boolean {
  return findBlockedWord(text, rules) !== null;
}
