import { and, eq, gt } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";

/**
 * A store ends one of its coupons before its time (ADR 0058): it leaves the public lists and its
 * door screen says it has ended. Another store's coupon, or none, is not found; one already ended
 * or expired is `closed` (nothing to end).
 */
export async function endCoupon({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { couponId: string };
  now?: Date;
}): Promise<{ ok: true } | { ok: false; error: "forbidden" | "not_found" | "closed" }> {
  const refused = roleRefusal(actor, "coupon.end");
  if (refused) return { ok: false, error: refused };
  const mine = and(eq(coupons.coupon_id, input.couponId), eq(coupons.liver_id, actor.uid));
  const rows = await db
    .update(coupons)
    .set({ status: "ended", ended_at: now, updated_at: now })
    .where(and(mine, eq(coupons.status, "active"), gt(coupons.ends_at, now)))
    .returning({ id: coupons.coupon_id });
  if (rows.length > 0) return { ok: true };
  const [exists] = await db.select({ id: coupons.coupon_id }).from(coupons).where(mine).limit(1);
  return { ok: false, error: exists ? "closed" : "not_found" };
}
