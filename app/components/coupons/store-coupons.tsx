import type { PublicCoupon } from "~/.server/services/coupons/list-public-coupons";
import { COUPON_TEXTS } from "~/domain/coupons-display";
import { CouponCard } from "./coupon-card";

type Coupon = Omit<PublicCoupon, "ends_at"> & { ends_at: Date | string };

/**
 * The store page's current coupons (ADR 0058), right under its header: nothing at all when the
 * store has none running.
 */
export function StoreCoupons({ coupons }: { coupons: readonly Coupon[] }) {
  if (coupons.length === 0) return null;
  return (
    <section aria-labelledby="store-coupons-heading" className="mt-4" data-testid="store-coupons">
      <h2 id="store-coupons-heading" className="mb-2 font-bold text-lg">
        {COUPON_TEXTS.storeSection}{" "}
        <span className="font-normal text-slate-500 text-sm">{coupons.length}件</span>
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {coupons.map((coupon) => (
          <li key={coupon.coupon_id}>
            <CouponCard coupon={coupon} showStore={false} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
