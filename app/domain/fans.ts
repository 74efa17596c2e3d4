import { parseAscendingIntegers } from "./gifts";

/**
 * Fan levels (docs/decisions/0043-the-live-room.md): per listener, per broadcaster (a staff member
 * or a store), per calendar month in Tokyo. Points are 1 per coin gifted, 1 per comment (at most
 * 50 a day) and 1 per minute watched with the page visible (at most 120 a day); the level is 1–10
 * by the thresholds of `fan_level_thresholds` (the points levels 2…10 start at). Pure.
 */

export const FAN_COMMENTS_PER_DAY = 50;
export const FAN_MINUTES_PER_DAY = 120;
export const FAN_LEVEL_MAX = 10;

/** What one day adds: its comments and minutes, each up to its daily cap. */
export function dayPoints(comments: number, minutes: number): number {
  return Math.min(comments, FAN_COMMENTS_PER_DAY) + Math.min(minutes, FAN_MINUTES_PER_DAY);
}

/** `fan_level_thresholds` ("50,150,…", nine ascending whole numbers) or null when it is not that. */
export function parseFanThresholds(value: string): number[] | null {
  return parseAscendingIntegers(value, FAN_LEVEL_MAX - 1);
}

/** Level 1 from the first point; level k + 1 from `thresholds[k - 1]` points. 0 without points. */
export function fanLevel(points: number, thresholds: readonly number[]): number {
  if (points <= 0) return 0;
  let level = 1;
  for (const threshold of thresholds) if (points >= threshold) level++;
  return Math.min(level, FAN_LEVEL_MAX);
}

/** Points still missing for the next level (null at the top). */
export function pointsToNextLevel(points: number, thresholds: readonly number[]): number | null {
  const next = thresholds.find((threshold) => threshold > points);
  return next === undefined ? null : next - Math.max(points, 0);
}

/** The name a listener who hides hers from rankings is shown under (ADR 0043). */
export const ANONYMOUS_LISTENER = "匿名のリスナー";

export const FAN_TEXTS = {
  badge: (level: number) => `Lv.${level}`,
  badgeLabel: (level: number) => `ファンレベル${level}`,
  broadcaster: "配信者",
  rankingTitle: "応援ランキング",
  rankingEmpty: "まだギフトはありません。最初の応援をしてみませんか？",
  fansTitle: "今月のファン",
  fansEmpty: "今月はまだファンがいません。ライブ配信でリスナーと交流しましょう。",
  levelUp: (level: number) => `ファンレベルが${level}に上がりました！`,
} as const;
