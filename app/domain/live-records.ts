import type { AccountRole } from "./account-roles";
import { formatTokyoDateTime } from "./format";

/**
 * The broadcaster's record of her lives (ADR 0043): the list at
 * `/{staff,liver}/mypage/lives` and the summary of one live at `…/lives/{id}`. The wording of both
 * pages, and the pure formats they share. Isomorphic.
 */

/** The newest lives the list shows (a store sees its own and its staff's). */
export const LIVE_RECORDS_SHOWN = 50;

export type BroadcasterRole = Extract<AccountRole, "staff" | "liver">;

export const liveRecordsPath = (role: BroadcasterRole) => `/${role}/mypage/lives`;
export const liveRecordPath = (role: BroadcasterRole, liveId: string) =>
  `${liveRecordsPath(role)}/${encodeURIComponent(liveId)}`;

/** 「1時間23分」, 「12分」, 「45秒」: how long a live lasted, to the minute once it reached one. */
export function formatLiveDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return minutes > 0 ? `${hours}時間${minutes}分` : `${hours}時間`;
  if (minutes > 0) return `${minutes}分`;
  return `${total}秒`;
}

const TOKYO_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" });
const TOKYO_TIME = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 「2026年11月23日 21:05〜22:28」 (Tokyo); the end's date too when it is another day; 「〜」 while live. */
export function formatLiveSpan(startedAt: string, endedAt: string | null): string {
  const start = formatTokyoDateTime(startedAt);
  if (!endedAt) return `${start}〜`;
  const sameDay = TOKYO_DAY.format(new Date(startedAt)) === TOKYO_DAY.format(new Date(endedAt));
  return `${start}〜${sameDay ? TOKYO_TIME.format(new Date(endedAt)) : formatTokyoDateTime(endedAt)}`;
}

export const LIVE_RECORD_TEXTS = {
  listTitle: "配信の記録",
  listLead: `これまでのライブ配信です（新しい順に${LIVE_RECORDS_SHOWN}件まで）。タイトルを選ぶと、その配信のまとめを見られます。`,
  listEmpty: "まだ配信の記録はありません",
  listEmptyLead: "マイページのホームから配信を始めると、ここに記録が残ります。",
  summaryTitle: "配信のまとめ",
  celebrate: "配信おつかれさまでした！",
  onAir: "配信中",
  onAirLead: "配信中の数字です。配信を終了すると確定します。",
  ended: "終了",
  duration: "配信時間",
  peakViewers: "最大同時視聴",
  uniqueViewers: "視聴した人",
  comments: "コメント",
  gifts: "ギフト",
  points: "ポイント",
  newFollowers: "新しいフォロワー",
  topFans: "応援してくれたファン",
  topFansLead: "この配信でコインを多く贈ってくれた方です。",
  topFansEmpty: "この配信ではまだギフトがありませんでした。",
  broadcaster: (name: string) => `配信者：${name}`,
  people: (n: number) => `${n.toLocaleString("ja-JP")}人`,
  count: (n: number) => `${n.toLocaleString("ja-JP")}件`,
  items: (n: number) => `アイテム ${n.toLocaleString("ja-JP")}個`,
  rank: (n: number) => `${n}位`,
  backToMypage: "マイページに戻る",
  backToList: "配信の記録",
  publicPage: "公開ページを見る",
} as const;
