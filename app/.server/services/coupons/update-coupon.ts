import { and, eq } from "drizzle-orm";
import { COUPON_MESSAGES, type CouponForm, couponPeriod, couponState, isCouponOpen } from "~/domain/coupons";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";

export type UpdateCouponResult =
  | { ok: true }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; errors: Record<string, string> };

/**
 * A store edits one of its coupons that is still scheduled or current (ADR 0058); the door code
 * stays. Another store's coupon, or none, is not found; an ended or expired one is refused.
 */
export async function updateCoupon({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { couponId: string; form: CouponForm };
  now?: Date;
}): Promise<UpdateCouponResult> {
  const refused = roleRefusal(actor, "coupon.update");
  if (refused) return { ok: false, error: refused };
  const period = couponPeriod(input.form, now);
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select({ status: coupons.status, starts_at: coupons.starts_at, ends_at: coupons.ends_at })
      .from(coupons)
      .where(and(eq(coupons.coupon_id, input.couponId), eq(coupons.liver_id, actor.uid)))
      .for("update")
      .limit(1);
    if (!coupon) return { ok: false, error: "not_found" } as const;
    if (!isCouponOpen(couponState(coupon, now)))
      return { ok: false, error: "invalid", errors: { _form: COUPON_MESSAGES.notEditable } } as const;
    if (!period.ok) return { ok: false, error: "invalid", errors: period.errors } as const;
    const { form } = input;
    await tx
      .update(coupons)
      .set({
        title: form.title,
        discount_text: form.discount_text,
        conditions: form.conditions,
        first_visit_only: form.first_visit_only,
        starts_at: period.starts_at,
        ends_at: period.ends_at,
        updated_at: now,
      })
      .where(eq(coupons.coupon_id, input.couponId));
    return { ok: true } as const;
  });
}
