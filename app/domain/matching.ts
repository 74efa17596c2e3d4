/**
 * Matching between a listener and a staff member over the 13 questions of `MATCHING_QUESTIONS`.
 *
 * score = min(100, round(100 × equal / 13) + 18), where `equal` is the number of questions both
 * answered the same way. An unanswered question, or an answer that is not one of the question's
 * two values (compared exactly: no trimming or case folding), counts as the default (first)
 * answer. So two blank profiles match on all 13 questions and score 100; the minimum is 18.
 *
 * The mask form (bit i set ⇔ question i has its second answer) lets SQL compute the same score
 * with `13 - popcount(a # b)`; `scoreFromMasks` is its domain twin.
 */
import { MATCHING_KEYS, MATCHING_QUESTIONS, type MatchingInfo, type MatchingKey } from "./options";

export const MATCHING_QUESTION_COUNT = MATCHING_QUESTIONS.length;
/** The score when nothing matches (the bonus every pair gets). */
export const MATCHING_SCORE_BONUS = 18;
/** 13 bits set. */
export const MATCHING_MASK_ALL = (1 << MATCHING_QUESTION_COUNT) - 1;

/** What the functions accept: a stored (possibly partial or foreign) matching object, or nothing. */
export type MatchingInput =
  | Partial<Record<MatchingKey, unknown>>
  | Record<string, unknown>
  | null
  | undefined;

function answerOf(info: MatchingInput, index: number): string {
  const question = MATCHING_QUESTIONS[index]!;
  const raw = info && typeof info === "object" ? (info as Record<string, unknown>)[question.key] : undefined;
  return raw === question.answers[1].value ? question.answers[1].value : question.answers[0].value;
}

/** A complete MatchingInfo: known answers kept, everything else (missing, unknown) defaulted; unknown keys dropped. */
export function normalizeMatchingInfo(info: MatchingInput): MatchingInfo {
  const entries = MATCHING_KEYS.map((key, index) => [key, answerOf(info, index)]);
  return Object.fromEntries(entries) as MatchingInfo;
}

/**
 * The answers a listener actually chose: only the questions holding one of their two answers, in
 * question order (the form shows the others unanswered; the score counts them as the default).
 */
export function chosenAnswers(info: MatchingInput): Partial<MatchingInfo> {
  const record = info && typeof info === "object" ? (info as Record<string, unknown>) : {};
  const entries = MATCHING_QUESTIONS.flatMap((question) => {
    const raw = record[question.key];
    return question.answers.some((answer) => answer.value === raw) ? [[question.key, raw]] : [];
  });
  return Object.fromEntries(entries) as Partial<MatchingInfo>;
}

/**
 * Whether a listener has saved any answer (ADR 0060): until then she has no score, the API says
 * `matching_score: null` and `sort=matching` is `new` for her (ADR 0060).
 */
export function hasMatchingAnswers(info: MatchingInput): boolean {
  return Object.keys(chosenAnswers(info)).length > 0;
}

/**
 * What the matching score is for the one who looks (ADR 0060): nobody signed in, another kind of
 * account, a listener who has not answered yet, or one with answers (who has scores).
 */
export type MatchingState = "signed_out" | "other_role" | "unanswered" | "answered";

/** The keys, in question order, on which both answered the same (after defaulting). */
export function matchedKeys(a: MatchingInput, b: MatchingInput): MatchingKey[] {
  return MATCHING_KEYS.filter((_, index) => answerOf(a, index) === answerOf(b, index));
}

/** The score for a number of equal answers (0–13). */
export function scoreFromEqualCount(equal: number): number {
  return Math.min(100, Math.round((100 * equal) / MATCHING_QUESTION_COUNT) + MATCHING_SCORE_BONUS);
}

/** The matching score (18–100) of a listener and a staff member. */
export function matchingScore(listenerInfo: MatchingInput, staffInfo: MatchingInput): number {
  return scoreFromEqualCount(matchedKeys(listenerInfo, staffInfo).length);
}

/** 13-bit integer: bit i (MATCHING_KEYS order) is 1 when question i has its second (non-default) answer. */
export function matchingMask(info: MatchingInput): number {
  let mask = 0;
  for (let index = 0; index < MATCHING_QUESTION_COUNT; index++) {
    if (answerOf(info, index) === MATCHING_QUESTIONS[index]!.answers[1].value) mask |= 1 << index;
  }
  return mask;
}

function popcount(n: number): number {
  let count = 0;
  let rest = n;
  while (rest) {
    rest &= rest - 1;
    count++;
  }
  return count;
}

/** The matching score from two masks (bits above the 13th are ignored); equals `matchingScore`. */
export function scoreFromMasks(a: number, b: number): number {
  const differing = popcount((a ^ b) & MATCHING_MASK_ALL);
  return scoreFromEqualCount(MATCHING_QUESTION_COUNT - differing);
}

// ---------------------------------------------------------------------------------------------
// Score classes: how sort=matching pages without scoring every row twice.
//
// The score depends only on the number of differing answers d = popcount(listener ^ staff); d = 0,
// 1 and 2 all score 100, every larger d has its own, lower score. So "score descending" is "class
// ascending" with class = max(d, 2), and a class is a set of masks. Knowing how many staff are in
// each class (one grouped count, which also gives the total), a page lies in one or a few classes
// and can be read by mask, in the `new` order, from the listed-staff index.

/** The class of a distance: 2 for 0–2 (score 100), else the distance. */
export function matchingClass(distance: number): number {
  return Math.max(2, distance);
}

/** Every 13-bit mask whose class against `listenerMask` is one of `classes`. */
export function masksInClasses(listenerMask: number, classes: readonly number[]): number[] {
  const wanted = new Set(classes);
  const masks: number[] = [];
  for (let mask = 0; mask <= MATCHING_MASK_ALL; mask++) {
    if (wanted.has(matchingClass(popcount((mask ^ listenerMask) & MATCHING_MASK_ALL)))) masks.push(mask);
  }
  return masks;
}

/**
 * Which classes a page [offset, offset + limit) covers, given the count of each class, and how
 * many rows of the first of them come before the page; null when the page is past the end.
 */
export function classWindow(
  counts: readonly { cls: number; n: number }[],
  offset: number,
  limit: number,
): { classes: number[]; skip: number } | null {
  const sorted = [...counts].filter((c) => c.n > 0).sort((a, b) => a.cls - b.cls);
  let before = 0;
  const classes: number[] = [];
  let skip = 0;
  for (const { cls, n } of sorted) {
    const end = before + n;
    if (end > offset && before < offset + limit) {
      if (classes.length === 0) skip = offset - before;
      classes.push(cls);
    }
    before = end;
  }
  return classes.length > 0 ? { classes, skip } : null;
}
