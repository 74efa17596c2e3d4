import { data, Link } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { getDoorCoupon } from "~/.server/services/coupons/get-door-coupon";
import { FirstVisitBadge } from "~/components/coupons/coupon-card";
import { StoreTypeBadge } from "~/components/store/store-type-badge";
import { COUPON_TEXTS, formatDoorCode, formatValidUntil } from "~/domain/coupons-display";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coupon";

/**
 * `/coupons/{id}`: the screen a customer shows at the door (ADR 0058) — store, title,
 * discount, conditions, valid until and the short code large enough to read across a counter.
 * An ended or expired coupon answers 410 Gone with 「このクーポンは終了しました」.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const found = await getDoorCoupon({ db: context.db, actor: viewer, input: { couponId: params.id } });
  if (found.ok) return { coupon: found.coupon, ended: null };
  if (found.error === "ended") return data({ coupon: null, ended: found.store }, { status: 410 });
  throw data(null, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.coupon
    ? `${loaderData.coupon.title}｜${loaderData.coupon.store.store_name}のクーポン`
    : COUPON_TEXTS.ended;
  // A coupon's screen is for the door, not for search engines (the list is).
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export default function CouponDoor({ loaderData }: Route.ComponentProps) {
  const { coupon, ended } = loaderData;
  if (!coupon) {
    return (
      <div className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col justify-center px-4 py-8 text-center">
        <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200" data-testid="coupon-ended">
          <h1 className="font-bold text-xl">{COUPON_TEXTS.ended}</h1>
          <p className="mt-2 text-slate-600 text-sm">{COUPON_TEXTS.endedLead}</p>
          <div className="mt-6 flex flex-col gap-2">
            {ended ? (
              <Link
                to={`/listener/liver/${ended.uid}`}
                className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-6 font-bold text-sm text-white hover:bg-brand-700"
              >
                {ended.store_name}のページへ
              </Link>
            ) : null}
            <Link
              to="/coupons"
              className="inline-flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-6 font-bold text-slate-800 text-sm hover:bg-slate-50"
            >
              ほかのクーポンを探す
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col justify-center px-3 py-4">
      <article
        className="overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-slate-200"
        data-testid="coupon-door"
      >
        <header className="bg-night-900 px-5 py-4 text-white">
          <StoreTypeBadge value={coupon.store.store_type} />
          <p className="mt-1 break-words font-bold text-lg leading-snug">{coupon.store.store_name}</p>
        </header>
        <div className="px-5 py-5">
          <h1 className="break-words font-bold text-lg leading-snug">{coupon.title}</h1>
          <p className="mt-1 break-words font-black text-3xl text-brand-700 leading-tight">
            {coupon.discount_text}
          </p>
          {coupon.first_visit_only ? (
            <p className="mt-3">
              <FirstVisitBadge />
            </p>
          ) : null}
          {coupon.conditions ? (
            <div className="mt-4">
              <h2 className="font-bold text-slate-500 text-xs">{COUPON_TEXTS.conditions}</h2>
              <p className="mt-1 whitespace-pre-line break-words text-slate-800 text-sm">
                {coupon.conditions}
              </p>
            </div>
          ) : null}
          <p className="mt-4 font-bold text-base">
            有効期限{" "}
            <time dateTime={new Date(coupon.ends_at).toISOString()} data-testid="coupon-valid-until">
              {formatValidUntil(coupon.ends_at)}
            </time>
          </p>
        </div>
        <div className="border-slate-300 border-t-2 border-dashed bg-slate-50 px-5 py-5 text-center">
          <h2 className="font-bold text-slate-600 text-sm">{COUPON_TEXTS.code}</h2>
          <p
            className="mt-1 whitespace-nowrap font-black font-mono text-5xl text-night-900 tracking-widest"
            data-testid="coupon-code"
          >
            {formatDoorCode(coupon.code)}
          </p>
          <p className="mt-3 text-slate-600 text-xs">{COUPON_TEXTS.doorHint}</p>
        </div>
      </article>
      <p className="mt-4 text-center">
        <Link
          to={`/listener/liver/${coupon.store.uid}`}
          className="inline-flex min-h-11 items-center text-brand-700 text-sm underline"
        >
          {COUPON_TEXTS.storePage}
        </Link>
      </p>
    </div>
  );
}
