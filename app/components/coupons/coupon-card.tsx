import { Link } from "react-router";
import type { PublicCoupon } from "~/.server/services/coupons/list-public-coupons";
import { COUPON_TEXTS, formatValidUntil } from "~/domain/coupons-display";
import { StoreTypeBadge } from "../store/store-type-badge";

/** The 初回限定 mark of a coupon for first visits only. */
export function FirstVisitBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 font-bold text-amber-900 text-xs ring-1 ring-amber-300">
      {COUPON_TEXTS.firstVisitOnly}
    </span>
  );
}

type CardCoupon = Omit<PublicCoupon, "ends_at" | "store"> & {
  ends_at: Date | string;
  /** `area_label` made by the server (`withAreaLabel` of domain/areas): the area tree stays there. */
  store: PublicCoupon["store"] & { area_label?: string };
};

/**
 * A current coupon as a ticket (ADR 0058): the discount large, the title, 初回限定, the conditions,
 * valid until, and the button that opens the screen to show at the door. `showStore` names the
 * store (the `/coupons` list; the store's own page does not repeat it).
 */
export function CouponCard({
  coupon,
  showStore = true,
  headingLevel = 2,
}: {
  coupon: CardCoupon;
  showStore?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const area = coupon.store.area_label;
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="coupon-card"
      data-coupon-id={coupon.coupon_id}
    >
      <div className="flex-1 border-brand-600 border-l-8 p-4">
        {showStore ? (
          <p className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <StoreTypeBadge value={coupon.store.store_type} />
            <Link
              to={`/listener/liver/${coupon.store.uid}`}
              className="inline-flex min-h-6 items-center font-bold text-slate-900 underline-offset-2 hover:underline"
            >
              {coupon.store.store_name}
            </Link>
            {area ? <span className="text-slate-500 text-xs">{area}</span> : null}
          </p>
        ) : null}
        <Heading className="font-bold text-base leading-snug">{coupon.title}</Heading>
        <p className="mt-1 break-words font-black text-brand-700 text-xl leading-snug">
          {coupon.discount_text}
        </p>
        {coupon.first_visit_only ? (
          <p className="mt-2">
            <FirstVisitBadge />
          </p>
        ) : null}
        {coupon.conditions ? (
          <p className="mt-2 line-clamp-3 whitespace-pre-line break-words text-slate-700 text-sm">
            <span className="sr-only">{COUPON_TEXTS.conditions}：</span>
            {coupon.conditions}
          </p>
        ) : null}
        <p className="mt-2 text-slate-600 text-xs">
          有効期限{" "}
          <time dateTime={new Date(coupon.ends_at).toISOString()}>{formatValidUntil(coupon.ends_at)}</time>
        </p>
      </div>
      <div className="border-slate-300 border-t border-dashed bg-slate-50 p-3">
        <Link
          to={`/coupons/${coupon.coupon_id}`}
          className="flex min-h-11 w-full items-center justify-center rounded-full bg-brand-600 px-4 font-bold text-sm text-white shadow hover:bg-brand-700"
          aria-label={`${COUPON_TEXTS.show}（${coupon.title}）`}
        >
          {COUPON_TEXTS.show}
        </Link>
      </div>
    </article>
  );
}
