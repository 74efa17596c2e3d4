/*
 * Coupons as readers see them (ADR 0058): statuses, limits, the door code, the words and the
 * dates of the cards and the door screen. Apart from `coupons.ts` (the form's schemas) so that the
 * store page and `/coupons` load neither zod nor the validators.
 */

export const COUPON_STATUSES = ["active", "ended"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** What a store sees of a coupon in its list: the status and the clock together. */
export type CouponState = "scheduled" | "current" | "expired" | "ended";

export const COUPON_TITLE_MAX = 40;
export const COUPON_CONDITIONS_MAX = 500;
export const COUPON_DISCOUNT_MAX = 40;
/** How far ahead a coupon may end (ADR 0058): a year, so a forgotten coupon does not live forever. */
export const COUPON_MAX_DAYS_AHEAD = 365;
/** A store's coupons that are current or scheduled at once (ADR 0058: one limit for every plan). */
export const COUPONS_OPEN_MAX = 10;
/** How many coupons a store's back office lists (newest first); ended and expired ones included. */
export const COUPONS_LIST_MAX = 100;

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The door code's alphabet: capital letters and digits that are not easily taken for another when
 * read aloud or off a phone (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V).
 */
export const DOOR_CODE_ALPHABET = "ACEFHJKMNPRTWXY3479";
export const DOOR_CODE_LENGTH = 6;

/**
 * A door code from `randomIndex(n)` (an integer in 0…n−1, e.g. crypto's `randomInt`), one draw per
 * character. Unique per store: the database's unique index has the last word, the use case draws again.
 */
export function generateDoorCode(randomIndex: (n: number) => number): string {
  let code = "";
  for (let i = 0; i < DOOR_CODE_LENGTH; i++)
    code += DOOR_CODE_ALPHABET[randomIndex(DOOR_CODE_ALPHABET.length)];
  return code;
}

/** Whether `value` is a door code: DOOR_CODE_LENGTH characters of the alphabet. */
export function isDoorCode(value: string): boolean {
  return (
    value.length === DOOR_CODE_LENGTH && Array.from(value).every((char) => DOOR_CODE_ALPHABET.includes(char))
  );
}

/** The code as it is shown at the door: "ACE 479" (two groups of three, easier to read aloud). */
export function formatDoorCode(code: string): string {
  return code.length === DOOR_CODE_LENGTH ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

export const COUPON_MESSAGES = {
  startsInvalid: "開始日時を正しく入力してください",
  endsRequired: "終了日時を入力してください",
  endsInvalid: "終了日時を正しく入力してください",
  endsBeforeStarts: "終了日時は開始日時より後の日時を指定してください",
  endsPast: "終了日時は現在より後の日時を指定してください",
  tooFarAhead: `終了日時は${COUPON_MAX_DAYS_AHEAD}日以内で指定してください`,
  limitReached: `配布中・配布予定のクーポンは${COUPONS_OPEN_MAX}件までです。終了したクーポンを除いて数えます`,
  notEditable: "終了したクーポンは編集できません",
  confirmEnd: "終了することを確認してください",
  notFound: "クーポンが見つかりません。ページを再読み込みしてください",
} as const;

export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  scheduled: "配布予定",
  current: "配布中",
  expired: "期限切れ",
  ended: "終了",
};

export const COUPON_TEXTS = {
  title: "クーポン",
  publicTitle: "クーポン一覧",
  publicLead: "お店のクーポンを、来店時にスタッフへ画面ごと見せてください。",
  empty: "条件に合うクーポンはありません",
  firstVisitOnly: "初回限定",
  show: "クーポンを表示",
  storePage: "お店のページへ",
  ended: "このクーポンは終了しました",
  endedLead: "有効期限が過ぎたか、お店が配布を終了しました。",
  doorHint: "来店時にこの画面をスタッフにお見せください",
  code: "クーポンコード",
  conditions: "利用条件",
  storeSection: "クーポン",
} as const;

export const COUPON_DONE = {
  created: "クーポンを作成しました",
  saved: "クーポンを保存しました",
  ended: "クーポンの配布を終了しました",
} as const;

/** Where a coupon stands at `now`. */
export function couponState(
  coupon: { status: CouponStatus; starts_at: Date | string; ends_at: Date | string },
  now: Date,
): CouponState {
  if (coupon.status === "ended") return "ended";
  if (new Date(coupon.ends_at) <= now) return "expired";
  return new Date(coupon.starts_at) > now ? "scheduled" : "current";
}

/** Whether the store may still edit (or end) the coupon: not ended, not expired. */
export const isCouponOpen = (state: CouponState) => state === "scheduled" || state === "current";

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"] as const;
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000; // Japan has no daylight saving time.

/** "12月24日(水) 23:59" (Tokyo). */
export function formatCouponTime(value: Date | string): string {
  const d = new Date(new Date(value).getTime() + TOKYO_OFFSET_MS);
  const minutes = String(d.getUTCMinutes()).padStart(2, "0");
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日(${WEEKDAYS[d.getUTCDay()]}) ${d.getUTCHours()}:${minutes}`;
}

/** 「12月24日(水) 23:59まで」: the valid-until line of the card and the door screen. */
export const formatValidUntil = (endsAt: Date | string) => `${formatCouponTime(endsAt)}まで`;
