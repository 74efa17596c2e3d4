import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listStaffForOperator } from "~/.server/services/staff/list-staff-for-operator";
import { FilterTabs, Pager, SearchBox, StaffStateBadge } from "~/components/admin/admin-ui";
import { StaffAvatar } from "~/components/mypage/staff-avatar";
import { EmptyState, PageHeader } from "~/components/ui/kit";
import { parsePage } from "~/domain/admin";
import {
  isAccountId,
  parseAdminKeyword,
  parseStaffFilter,
  STAFF_FILTER_LABELS,
  STAFF_FILTERS,
  type StaffFilter,
} from "~/domain/admin-stores";
import { formatNumber } from "~/domain/format";
import { pageTitle } from "~/site";
import type { Route } from "./+types/staff-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const store = url.searchParams.get("store");
  const input = {
    keyword: parseAdminKeyword(url.searchParams.get("q")),
    status: parseStaffFilter(url.searchParams.get("status")),
    liverId: isAccountId(store) ? store : null,
    page: parsePage(url.searchParams.get("page")),
  };
  return { ...input, ...(await listStaffForOperator({ db: context.db, actor, input })) };
}

export function meta() {
  return [{ title: pageTitle("キャスト") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminStaffList({ loaderData }: Route.ComponentProps) {
  const { keyword, status, liverId, items, total, page, pageSize } = loaderData;
  const href = (next: { status?: StaffFilter; page?: number }) => {
    const params = new URLSearchParams();
    if (keyword) params.set("q", keyword);
    if (liverId) params.set("store", liverId);
    const s = next.status ?? status;
    if (s !== "all") params.set("status", s);
    if ((next.page ?? 1) > 1) params.set("page", String(next.page));
    const query = params.toString();
    return `/admin/staff${query ? `?${query}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title="キャスト"
        lead="すべての店舗のキャストを検索できます。キャストを開くと、非表示・削除・ログインの再設定ができます。"
      />
      <SearchBox
        label="キャストを検索"
        placeholder="名前・フリガナ・ログインID"
        value={keyword}
        keep={{ ...(status !== "all" ? { status } : {}), ...(liverId ? { store: liverId } : {}) }}
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={STAFF_FILTERS.map((f) => ({
          to: href({ status: f }),
          label: STAFF_FILTER_LABELS[f],
          active: status === f,
        }))}
      />
      {liverId ? (
        <p className="-mt-2 mb-4 text-sm">
          1つの店舗のキャストだけを表示しています。
          <Link to="/admin/staff" className="ml-1 inline-flex min-h-11 items-center text-brand-700 underline">
            すべての店舗を表示
          </Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="該当するキャストはいません" />
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="staff-list"
        >
          {items.map((member) => (
            <li key={member.uid}>
              <Link
                to={`/admin/staff/${member.uid}`}
                className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50"
                data-testid="staff-row"
              >
                <StaffAvatar name={member.name} imageUrl={member.image_url} size="size-12" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-bold">{member.name || "（名前未設定）"}</span>
                    <StaffStateBadge staff={member} />
                  </div>
                  <p className="truncate text-slate-500 text-xs">
                    {member.store_name}
                    {member.login_id ? ` ・ ID: ${member.login_id}` : ""} ・ フォロワー{" "}
                    {formatNumber(member.follower_number)}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => href({ page: p })} />
    </>
  );
}
