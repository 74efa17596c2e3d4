import { z } from "zod";
import { confirmationField } from "./confirmation";
import {
  COUPON_CONDITIONS_MAX,
  COUPON_DISCOUNT_MAX,
  COUPON_MAX_DAYS_AHEAD,
  COUPON_MESSAGES,
  COUPON_TITLE_MAX,
  DAY_MS,
} from "./coupons-display";
import { dateToTokyoLocal, tokyoLocalToDate } from "./news";
import { zLine, zMultiline } from "./text-fields";

export * from "./coupons-display";

/**
 * Coupons of a store (ADR 0058): what a store writes, when a coupon counts as
 * current, the short code shown at the door and the Japanese words of the pages. Pure.
 *
 * A coupon is `active` until the store ends it early (`ended`). Whether it is current is the
 * clock's business: from `starts_at` (inclusive) to `ends_at` (exclusive). Before that it is
 * scheduled, after it expired — no job changes a row, the lists compare with now.
 */

/** A ticked checkbox ("1", "on"): anything else is false. */
const zCheckbox = z
  .unknown()
  .optional()
  .transform((value) => value === "1" || value === "on" || value === true);

const localDateTime = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());

/**
 * The store's form. The two times are the pickers' "2026-12-24T23:59" in Tokyo time; `starts_at`
 * left empty starts the coupon now. Whether `ends_at` lies ahead (and not too far) needs the clock:
 * `couponPeriod` below, which the use case calls.
 */
export const CouponFormSchema = z
  .object({
    title: zLine("タイトル", COUPON_TITLE_MAX),
    discount_text: zLine("割引内容", COUPON_DISCOUNT_MAX),
    conditions: zMultiline("利用条件", COUPON_CONDITIONS_MAX, { required: false }),
    first_visit_only: zCheckbox,
    starts_at: localDateTime,
    ends_at: localDateTime,
  })
  .superRefine((value, ctx) => {
    const starts = value.starts_at === "" ? null : tokyoLocalToDate(value.starts_at);
    if (value.starts_at !== "" && !starts)
      ctx.addIssue({ code: "custom", path: ["starts_at"], message: COUPON_MESSAGES.startsInvalid });
    if (value.ends_at === "") {
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: COUPON_MESSAGES.endsRequired });
      return;
    }
    const ends = tokyoLocalToDate(value.ends_at);
    if (!ends) ctx.addIssue({ code: "custom", path: ["ends_at"], message: COUPON_MESSAGES.endsInvalid });
    else if (starts && ends <= starts)
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: COUPON_MESSAGES.endsBeforeStarts });
  });

export type CouponForm = z.output<typeof CouponFormSchema>;

/** Ending a coupon early is confirmed first (the console's confirmation step, ADR 0053). */
export const CouponEndSchema = z.object({ confirm: confirmationField(COUPON_MESSAGES.confirmEnd) });

export type CouponPeriod =
  | { ok: true; starts_at: Date; ends_at: Date }
  | { ok: false; errors: Record<string, string> };

/**
 * The period of a form at `now`: an empty start is now; the end must lie after the start and after
 * now, and at most COUPON_MAX_DAYS_AHEAD days ahead. A start in the past is fine (a running coupon
 * being edited keeps its start).
 */
export function couponPeriod(form: Pick<CouponForm, "starts_at" | "ends_at">, now: Date): CouponPeriod {
  const startsAt = form.starts_at === "" ? now : tokyoLocalToDate(form.starts_at);
  const endsAt = tokyoLocalToDate(form.ends_at);
  if (!startsAt) return { ok: false, errors: { starts_at: COUPON_MESSAGES.startsInvalid } };
  if (!endsAt) return { ok: false, errors: { ends_at: COUPON_MESSAGES.endsInvalid } };
  if (endsAt <= now) return { ok: false, errors: { ends_at: COUPON_MESSAGES.endsPast } };
  if (endsAt <= startsAt) return { ok: false, errors: { ends_at: COUPON_MESSAGES.endsBeforeStarts } };
  if (endsAt.getTime() - now.getTime() > COUPON_MAX_DAYS_AHEAD * DAY_MS)
    return { ok: false, errors: { ends_at: COUPON_MESSAGES.tooFarAhead } };
  return { ok: true, starts_at: startsAt, ends_at: endsAt };
}

/** A stored coupon as the form's values (Tokyo pickers). */
export function couponFormValues(coupon: {
  title: string;
  discount_text: string;
  conditions: string;
  first_visit_only: boolean;
  starts_at: Date | string;
  ends_at: Date | string;
}) {
  return {
    title: coupon.title,
    discount_text: coupon.discount_text,
    conditions: coupon.conditions,
    first_visit_only: coupon.first_visit_only ? "1" : "",
    starts_at: dateToTokyoLocal(coupon.starts_at),
    ends_at: dateToTokyoLocal(coupon.ends_at),
  };
}

/** A new coupon's picker values: no start (now), the end 30 days ahead at 23:59 Tokyo. */
export function newCouponDefaults(now: Date) {
  const day = dateToTokyoLocal(new Date(now.getTime() + 30 * DAY_MS)).slice(0, 10);
  return { starts_at: "", ends_at: `${day}T23:59` };
}
