import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listStores } from "~/.server/services/stores/list-stores";
import { FilterTabs, Pager, SearchBox, StoreStatusBadge } from "~/components/admin/admin-ui";
import { Badge, ButtonLink, EmptyState, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, parsePage } from "~/domain/admin";
import {
  parseAdminKeyword,
  parseReviewFilter,
  parseStoreStatusFilter,
  type StoreStatusFilter,
} from "~/domain/admin-stores";
import { formatNumber } from "~/domain/format";
import { STORE_STATUSES } from "~/domain/options";
import { pageTitle } from "~/site";
import type { Route } from "./+types/stores";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const input = {
    keyword: parseAdminKeyword(url.searchParams.get("q")),
    status: parseStoreStatusFilter(url.searchParams.get("status")),
    review: parseReviewFilter(url.searchParams.get("review")),
    page: parsePage(url.searchParams.get("page")),
  };
  return { ...input, ...(await listStores({ db: context.db, actor, input })) };
}

export function meta() {
  return [{ title: pageTitle("店舗") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminStores({ loaderData }: Route.ComponentProps) {
  const { keyword, status, review, items, total, page, pageSize, counts } = loaderData;
  const href = (next: { status?: StoreStatusFilter; review?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (keyword) params.set("q", keyword);
    const s = next.status ?? status;
    if (s !== "all") params.set("status", s);
    const r = next.review ?? review;
    if (r === "waiting") params.set("review", "waiting");
    if ((next.page ?? 1) > 1) params.set("page", String(next.page));
    const query = params.toString();
    return `/admin/stores${query ? `?${query}` : ""}`;
  };
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <>
      <PageHeader
        title="店舗"
        lead="すべての店舗（非公開・停止中・削除済みを含む）を検索できます。店舗を開くと、公開状態・プラン・キャスト上限・掲載順を変更できます。"
        actions={
          <ButtonLink to="/admin/stores/ranking" variant="secondary">
            掲載順の並べ替え
          </ButtonLink>
        }
      />
      <SearchBox
        label="店舗を検索"
        placeholder="店舗名・フリガナ・メールアドレス・ID"
        value={keyword}
        keep={{
          ...(status !== "all" ? { status } : {}),
          ...(review === "waiting" ? { review } : {}),
        }}
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={[
          { to: href({ status: "all" }), label: "すべて", active: status === "all", count: all },
          ...STORE_STATUSES.map((s) => ({
            to: href({ status: s.value }),
            label: s.label,
            active: status === s.value,
            count: counts[s.value],
          })),
        ]}
      />
      <p className="-mt-2 mb-4 text-sm">
        {review === "waiting" ? (
          <Link
            to={href({ review: "all" })}
            className="inline-flex min-h-11 items-center text-brand-700 underline"
          >
            未確認の店舗だけの表示をやめる
          </Link>
        ) : (
          <Link
            to={href({ review: "waiting" })}
            className="inline-flex min-h-11 items-center text-brand-700 underline"
          >
            未確認の新規店舗だけを表示
          </Link>
        )}
      </p>
      {items.length === 0 ? (
        <EmptyState title="該当する店舗はありません">
          {keyword ? "検索語を変えるか、状態の絞り込みを「すべて」にしてください。" : null}
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="store-list"
        >
          {items.map((store) => (
            <li key={store.uid}>
              <Link
                to={`/admin/stores/${store.uid}`}
                className="block px-4 py-3 hover:bg-slate-50"
                data-testid="store-row"
                data-store-id={store.uid}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 break-all font-bold">
                    {store.store_name || "（店舗名未設定）"}
                  </span>
                  <StoreStatusBadge status={store.status} />
                  {store.reviewed ? null : <Badge tone="amber">未確認</Badge>}
                  {store.order !== null ? <Badge tone="brand">掲載順 {store.order}</Badge> : null}
                </div>
                <p className="truncate text-slate-500 text-xs">{store.email}</p>
                <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-slate-600 text-xs">
                  <div className="flex gap-1">
                    <dt>プラン</dt>
                    <dd className="font-bold">{store.plan_name ?? "なし"}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>キャスト</dt>
                    <dd className="font-bold tabular-nums">
                      {store.staff_count} / {store.limit_staff}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>フォロワー</dt>
                    <dd className="font-bold tabular-nums">{formatNumber(store.follower_number)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>最終ログイン</dt>
                    <dd className="font-bold tabular-nums">
                      {store.last_login_at ? formatAdminDateTime(store.last_login_at) : "記録なし"}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>登録</dt>
                    <dd className="tabular-nums">{formatAdminDateTime(store.created_at)}</dd>
                  </div>
                </dl>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => href({ page: p })} />
    </>
  );
}
