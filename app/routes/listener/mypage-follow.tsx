import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { followFormAction } from "~/.server/http/follow-form";
import { listFavorites } from "~/.server/services/favorites/list-favorites";
import { StaffCard, toStaffCard } from "~/components/staff/staff-card";
import { FollowableStoreCard } from "~/components/store/followable-store-card";
import { withAreaLabel } from "~/domain/areas";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-follow";

/** Follows shown on the page; a listener with more sees the newest ones (the API pages through all). */
const SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const now = new Date();
  const [staff, stores] = await Promise.all([
    listFavorites({ db: context.db, actor: viewer, input: { kind: "staff", page: 1, pageSize: SHOWN }, now }),
    listFavorites({ db: context.db, actor: viewer, input: { kind: "liver", page: 1, pageSize: SHOWN }, now }),
  ]);
  return {
    now: now.toISOString(),
    // The cards' area labels are made here: the area tree stays out of the page's scripts.
    staff: staff.ok
      ? staff.items.map((item) => ({ ...item, staff: item.staff ? toStaffCard(item.staff) : null }))
      : [],
    staffTotal: staff.ok ? staff.total : 0,
    stores: stores.ok
      ? stores.items.map((item) => ({ ...item, liver: item.liver ? withAreaLabel(item.liver) : null }))
      : [],
    storeTotal: stores.ok ? stores.total : 0,
  };
}

/** Every follow button of the site posts here (see FollowButton). */
export async function action({ request, context }: Route.ActionArgs) {
  return followFormAction(request, context);
}

export function meta() {
  return [{ title: pageTitle("フォロー中") }, { name: "robots", content: "noindex" }];
}

export default function MypageFollow({ loaderData }: Route.ComponentProps) {
  const { staff, stores, now, staffTotal, storeTotal } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="font-bold text-xl">フォロー中</h1>
      <section aria-labelledby="follow-staff-heading">
        <h2 id="follow-staff-heading" className="mb-3 font-bold">
          キャスト <span className="font-normal text-slate-500 text-sm">{staffTotal}人</span>
        </h2>
        {staff.length === 0 ? (
          <Empty what="キャスト" href="/search/staff" />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="followed-staff">
            {staff.map((item) =>
              item.staff ? (
                <li key={item.favorite_id}>
                  <StaffCard staff={item.staff} now={now} />
                </li>
              ) : (
                <li
                  key={item.favorite_id}
                  className="rounded-2xl bg-white p-4 text-slate-500 text-sm ring-1 ring-slate-200"
                >
                  現在掲載されていないキャストです
                </li>
              ),
            )}
          </ul>
        )}
      </section>
      <section aria-labelledby="follow-store-heading">
        <h2 id="follow-store-heading" className="mb-3 font-bold">
          お店 <span className="font-normal text-slate-500 text-sm">{storeTotal}件</span>
        </h2>
        {stores.length === 0 ? (
          <Empty what="お店" href="/search/liver" />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="followed-stores">
            {stores.map((item) =>
              item.liver ? (
                <li key={item.favorite_id}>
                  <FollowableStoreCard store={item.liver} favoriteId={item.favorite_id} />
                </li>
              ) : (
                <li
                  key={item.favorite_id}
                  className="rounded-2xl bg-white p-4 text-slate-500 text-sm ring-1 ring-slate-200"
                >
                  現在掲載されていないお店です
                </li>
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}

function Empty({ what, href }: { what: string; href: string }) {
  return (
    <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
      <p className="text-slate-600 text-sm">フォロー中の{what}はまだありません。</p>
      <Link
        to={href}
        className="mt-3 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-bold text-sm text-white hover:bg-brand-700"
      >
        {what}を探す
      </Link>
    </div>
  );
}
