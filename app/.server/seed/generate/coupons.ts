import { generateDoorCode } from "../../../domain/coupons";
import { dateToTokyoLocal, tokyoLocalToDate } from "../../../domain/news";
import type { Random } from "../random";

export interface GeneratedCoupon {
  coupon_id: string;
  liver_id: string;
  title: string;
  discount_text: string;
  conditions: string;
  first_visit_only: boolean;
  starts_at: Date;
  ends_at: Date;
  code: string;
  created_at: Date;
  updated_at: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo coupons (ADR 0058), one per store, in the order of the stores handed in. */
const DEMO_COUPONS = [
  {
    title: "初回限定 セット料金割引",
    discount_text: "60分セット 1,000円OFF",
    conditions: "ご来店時にこの画面をスタッフにお見せください。\n他のクーポンとの併用はできません。",
    first_visit_only: true,
    days: 30,
  },
  {
    title: "ドリンク1杯サービス",
    discount_text: "キャストドリンク1杯無料",
    conditions: "お一人様1回限り。",
    first_visit_only: false,
    days: 14,
  },
  {
    title: "平日限定 指名料無料",
    discount_text: "指名料 0円",
    conditions: "月曜日〜木曜日のご来店に限ります。",
    first_visit_only: false,
    days: 60,
  },
] as const;

/**
 * A current coupon for each of `stores` (at most three: the demo store and two more), started
 * three days before `now` and ending at 23:59 Tokyo some weeks after it.
 */
export function generateCoupons(random: Random, { stores, now }: { stores: { uid: string }[]; now: Date }) {
  return DEMO_COUPONS.slice(0, stores.length).map((template, i): GeneratedCoupon => {
    const { days, ...fields } = template;
    const lastDay = dateToTokyoLocal(new Date(now.getTime() + days * DAY_MS)).slice(0, 10);
    const startsAt = new Date(now.getTime() - 3 * DAY_MS);
    return {
      ...fields,
      coupon_id: random.id(),
      liver_id: stores[i]!.uid,
      starts_at: startsAt,
      ends_at: tokyoLocalToDate(`${lastDay}T23:59`)!,
      code: generateDoorCode((n) => random.int(0, n - 1)),
      created_at: startsAt,
      updated_at: startsAt,
    };
  });
}
