import { and, count, eq, gt, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";

/** The coupon columns the store's back office and the public pages read. */
export const couponColumns = {
  coupon_id: coupons.coupon_id,
  liver_id: coupons.liver_id,
  title: coupons.title,
  conditions: coupons.conditions,
  discount_text: coupons.discount_text,
  first_visit_only: coupons.first_visit_only,
  starts_at: coupons.starts_at,
  ends_at: coupons.ends_at,
  status: coupons.status,
  code: coupons.code,
};

/** A coupon that is current at `now`: active, started, not yet at its end (ADR 0058). */
export function currentCoupon(now: Date): SQL {
  return and(eq(coupons.status, "active"), lte(coupons.starts_at, now), gt(coupons.ends_at, now))!;
}

/** A store's coupons that are current or scheduled at `now`: what COUPONS_OPEN_MAX counts. */
export async function countOpenCoupons(db: Pick<Db, "select">, liverId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(coupons)
    .where(and(eq(coupons.liver_id, liverId), eq(coupons.status, "active"), gt(coupons.ends_at, now)));
  return row?.n ?? 0;
}
