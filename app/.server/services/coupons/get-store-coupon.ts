import { and, eq } from "drizzle-orm";
import { couponState } from "~/domain/coupons";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";
import { couponColumns } from "./coupon-query";
import type { StoreCoupon } from "./list-store-coupons";

/** One of the store's coupons for its edit page; another store's, or none, is null (a 404). */
export async function getStoreCoupon({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { couponId: string };
  now?: Date;
}): Promise<StoreCoupon | null> {
  if (roleRefusal(actor, "coupon.list")) return null;
  const [row] = await db
    .select(couponColumns)
    .from(coupons)
    .where(and(eq(coupons.coupon_id, input.couponId), eq(coupons.liver_id, actor.uid)))
    .limit(1);
  if (!row) return null;
  const { liver_id: _liver, status, ...rest } = row;
  return { ...rest, state: couponState({ status, starts_at: row.starts_at, ends_at: row.ends_at }, now) };
}
