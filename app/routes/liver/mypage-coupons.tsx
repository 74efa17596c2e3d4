import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { listStoreCoupons } from "~/.server/services/coupons/list-store-coupons";
import { Notice } from "~/components/account/auth-card";
import { FirstVisitBadge } from "~/components/coupons/coupon-card";
import {
  Badge,
  ButtonLink,
  Card,
  doneMessage,
  EmptyState,
  FlashMessage,
  PageHeader,
  SMALL_BUTTON,
} from "~/components/ui/kit";
import {
  COUPON_DONE,
  COUPON_MESSAGES,
  COUPON_STATE_LABELS,
  COUPONS_OPEN_MAX,
  type CouponState,
  formatCouponTime,
  formatDoorCode,
  isCouponOpen,
} from "~/domain/coupons";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-coupons";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const result = await listStoreCoupons({ db: context.db, actor: viewer });
  if (!result.ok) throw new Response(null, { status: 403 });
  return { ...result, done: new URL(request.url).searchParams.get("done") };
}

export function meta() {
  return [{ title: pageTitle("クーポン") }, { name: "robots", content: "noindex" }];
}

const STATE_TONES: Record<CouponState, "green" | "amber" | "gray" | "red"> = {
  current: "green",
  scheduled: "amber",
  expired: "gray",
  ended: "gray",
};

export default function LiverCoupons({ loaderData }: Route.ComponentProps) {
  const { items, open } = loaderData;
  const full = open >= COUPONS_OPEN_MAX;
  return (
    <div className="space-y-6">
      <PageHeader
        title="クーポン"
        lead={
          <>
            お店のページと「クーポン」一覧に載ります。お客様は来店時にクーポンの画面を見せ、スタッフはクーポンコードで確かめます。配布中・配布予定{" "}
            <strong className="tabular-nums">{open}</strong> / {COUPONS_OPEN_MAX}件。
          </>
        }
        actions={
          full ? null : (
            <ButtonLink to="/liver/mypage/coupons/new">
              <span aria-hidden="true">＋</span>クーポンを作成
            </ButtonLink>
          )
        }
      />
      <FlashMessage message={doneMessage(loaderData.done, COUPON_DONE)} />
      {full ? <Notice tone="info">{COUPON_MESSAGES.limitReached}</Notice> : null}
      <Card title="クーポンの一覧" testId="coupon-list">
        {items.length === 0 ? (
          <EmptyState title="クーポンはまだありません">
            「クーポンを作成」から、初回割引やドリンクサービスなどのクーポンを配布できます。
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((coupon) => (
              <li
                key={coupon.coupon_id}
                className="py-3"
                data-testid="coupon-row"
                data-coupon-id={coupon.coupon_id}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATE_TONES[coupon.state]}>{COUPON_STATE_LABELS[coupon.state]}</Badge>
                  {coupon.first_visit_only ? <FirstVisitBadge /> : null}
                </div>
                <p className="mt-1 break-words font-bold">{coupon.title}</p>
                <p className="break-words font-bold text-brand-700 text-sm">{coupon.discount_text}</p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-600 text-xs">
                  <dt>期間</dt>
                  <dd>
                    {formatCouponTime(coupon.starts_at)}〜{formatCouponTime(coupon.ends_at)}
                  </dd>
                  <dt>コード</dt>
                  <dd
                    className="font-bold font-mono text-slate-900 tracking-widest"
                    data-testid="coupon-row-code"
                  >
                    {formatDoorCode(coupon.code)}
                  </dd>
                </dl>
                <div className="mt-2 flex flex-wrap gap-2">
                  {isCouponOpen(coupon.state) ? (
                    <Link
                      to={`/liver/mypage/coupons/${coupon.coupon_id}`}
                      className={SMALL_BUTTON}
                      aria-label={`編集・終了（${coupon.title}）`}
                    >
                      編集・終了
                    </Link>
                  ) : (
                    <Link
                      to={`/liver/mypage/coupons/${coupon.coupon_id}`}
                      className={SMALL_BUTTON}
                      aria-label={`内容を見る（${coupon.title}）`}
                    >
                      内容を見る
                    </Link>
                  )}
                  {coupon.state === "current" ? (
                    <Link
                      to={`/coupons/${coupon.coupon_id}`}
                      className={SMALL_BUTTON}
                      aria-label={`お客様の画面（${coupon.title}）`}
                    >
                      お客様の画面
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
