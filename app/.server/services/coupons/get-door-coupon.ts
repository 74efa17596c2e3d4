import { and, eq } from "drizzle-orm";
import { couponState } from "~/domain/coupons";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coupons, livers } from "../../db/schema";

export type DoorCoupon = {
  coupon_id: string;
  title: string;
  conditions: string;
  discount_text: string;
  first_visit_only: boolean;
  ends_at: Date;
  code: string;
  store: { uid: string; store_name: string; store_type: string };
};

export type GetDoorCouponResult =
  | { ok: true; coupon: DoorCoupon }
  | { ok: false; error: "ended"; store: { uid: string; store_name: string } }
  | { ok: false; error: "not_found" };

/**
 * The screen a customer shows at the door (`/coupons/{id}`, ADR 0058): a current coupon of a
 * public store with its code. Ended or expired: `ended` (the page says so, 410). Unknown, not yet
 * started, or of a store that is not public: `not_found`.
 */
export async function getDoorCoupon({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: { couponId: string };
  now?: Date;
}): Promise<GetDoorCouponResult> {
  if (actor && roleRefusal(actor, "directory.read")) return { ok: false, error: "not_found" };
  const [row] = await db
    .select({
      coupon_id: coupons.coupon_id,
      title: coupons.title,
      conditions: coupons.conditions,
      discount_text: coupons.discount_text,
      first_visit_only: coupons.first_visit_only,
      starts_at: coupons.starts_at,
      ends_at: coupons.ends_at,
      status: coupons.status,
      code: coupons.code,
      uid: livers.uid,
      store_name: livers.store_name,
      store_type: livers.store_type,
    })
    .from(coupons)
    .innerJoin(livers, eq(livers.uid, coupons.liver_id))
    .where(and(eq(coupons.coupon_id, input.couponId), eq(livers.status, "public")))
    .limit(1);
  if (!row) return { ok: false, error: "not_found" };
  const state = couponState(row, now);
  if (state === "scheduled") return { ok: false, error: "not_found" };
  if (state !== "current")
    return { ok: false, error: "ended", store: { uid: row.uid, store_name: row.store_name } };
  const { uid, store_name, store_type, starts_at: _starts, status: _status, ...coupon } = row;
  return { ok: true, coupon: { ...coupon, store: { uid, store_name, store_type } } };
}
