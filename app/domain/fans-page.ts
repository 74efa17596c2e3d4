import { FAN_COMMENTS_PER_DAY, FAN_MINUTES_PER_DAY, FAN_TEXTS } from "./fans";
import { tokyoMonth } from "./money";

/**
 * `/staff/mypage/fans` and `/liver/mypage/fans` (ADR 0043): the months the page
 * offers and its wording. Fan points are counted per Tokyo calendar month; the page goes back a
 * year (this month and the eleven before it), which is as far as a performer looks back at her
 * regulars. Pure and isomorphic.
 */

export const FAN_MONTHS_SHOWN = 12;

/** This Tokyo month and the ones before it, newest first (`YYYY-MM`). */
export function fanMonthChoices(now: Date, count = FAN_MONTHS_SHOWN): string[] {
  const [year, month] = tokyoMonth(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** `?month=` when it is one of the choices; otherwise this month (a stale or hand-made link). */
export function chosenFanMonth(asked: string | null | undefined, now: Date): string {
  const choices = fanMonthChoices(now);
  return asked && choices.includes(asked) ? asked : choices[0]!;
}

/** 「2026年11月」. */
export function formatFanMonth(month: string): string {
  const [year, number] = month.split("-");
  return `${year}年${Number(number)}月`;
}

export const FANS_PAGE_TEXTS = {
  title: "ファン",
  thisMonth: FAN_TEXTS.fansTitle,
  monthTitle: (month: string) => `${formatFanMonth(month)}のファン`,
  empty: FAN_TEXTS.fansEmpty,
  pastEmpty: (month: string) => `${formatFanMonth(month)}のファンはいません。`,
  howPoints: `ポイントは配信者ごと・月ごとの合計です。贈られたコイン1枚で1pt、コメント1件で1pt（1日${FAN_COMMENTS_PER_DAY}件まで）、視聴1分で1pt（1日${FAN_MINUTES_PER_DAY}分まで）。`,
  monthLabel: "表示する月",
  show: "表示",
  breakdown: (coins: number, comments: number, minutes: number) =>
    `コイン ${coins.toLocaleString("ja-JP")} ・ コメント ${comments.toLocaleString("ja-JP")} ・ 視聴 ${minutes.toLocaleString("ja-JP")}分`,
  fanOf: (name: string) => `${name}のファン`,
  rank: (n: number) => `${n}位`,
  count: (n: number) => `${n.toLocaleString("ja-JP")}人`,
} as const;
