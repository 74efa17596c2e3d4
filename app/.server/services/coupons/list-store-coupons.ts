import { desc, eq } from "drizzle-orm";
import { COUPONS_LIST_MAX, type CouponState, couponState } from "~/domain/coupons";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";
import { countOpenCoupons, couponColumns } from "./coupon-query";

export interface StoreCoupon {
  coupon_id: string;
  title: string;
  conditions: string;
  discount_text: string;
  first_visit_only: boolean;
  starts_at: Date;
  ends_at: Date;
  code: string;
  state: CouponState;
}

/**
 * The store's back office list (ADR 0058): its newest COUPONS_LIST_MAX coupons with where each
 * stands at `now`, and how many are open (current or scheduled) against the limit.
 */
export async function listStoreCoupons({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  now?: Date;
}): Promise<{ ok: true; items: StoreCoupon[]; open: number } | { ok: false; error: "forbidden" }> {
  const refused = roleRefusal(actor, "coupon.list");
  if (refused) return { ok: false, error: refused };
  const rows = await db
    .select(couponColumns)
    .from(coupons)
    .where(eq(coupons.liver_id, actor.uid))
    .orderBy(desc(coupons.created_at), desc(coupons.coupon_id))
    .limit(COUPONS_LIST_MAX);
  const items = rows.map(({ liver_id: _liver, status: _status, ...row }) => ({
    ...row,
    state: couponState({ status: _status, starts_at: row.starts_at, ends_at: row.ends_at }, now),
  }));
  // Counted over every row, as createCoupon counts against the limit (not only the rows listed).
  return { ok: true, items, open: await countOpenCoupons(db, actor.uid, now) };
}
