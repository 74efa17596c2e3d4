import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listInquiries } from "~/.server/services/inquiries/list-inquiries";
import { FilterTabs, Pager } from "~/components/admin/admin-ui";
import { Badge, EmptyState, PageHeader } from "~/components/ui/kit";
import {
  formatAdminDateTime,
  INQUIRY_LABELS,
  INQUIRY_STATUS_LABELS,
  inquiryKindOfPath,
  parseInquiryFilter,
  parsePage,
} from "~/domain/admin";
import { pageTitle } from "~/site";
import type { Route } from "./+types/inquiries";

/** `/admin/shop_entry` and `/admin/contact`: the two inboxes, one page module. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const kind = inquiryKindOfPath(url.pathname);
  const status = parseInquiryFilter(url.searchParams.get("status"));
  const result = await listInquiries({
    db: context.db,
    actor,
    input: { kind, status, page: parsePage(url.searchParams.get("page")) },
  });
  return {
    kind,
    status,
    ...result,
    items: result.items.map((item) => ({ ...item, created_at: item.created_at.toISOString() })),
  };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data ? INQUIRY_LABELS[data.kind].title : "管理画面";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { kind, status, items, total, page, pageSize } = loaderData;
  const base = INQUIRY_LABELS[kind].path;
  const href = (s: string, p = 1) => `${base}?status=${s}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <>
      <PageHeader
        title={INQUIRY_LABELS[kind].title}
        lead="未対応のものから確認し、返信メールを送るか対応済みにしてください。"
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={[
          { to: href("new"), label: "未対応", active: status === "new" },
          { to: href("handled"), label: "対応済み", active: status === "handled" },
          { to: href("all"), label: "すべて", active: status === "all" },
        ]}
      />
      {items.length === 0 ? (
        <EmptyState title={status === "new" ? "未対応のものはありません" : "該当するものはありません"} />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`${base}/${item.id}`}
                className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50"
                data-testid="inquiry-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold">{item.title}</p>
                  <p className="truncate text-slate-500 text-xs">
                    {item.subtitle}・{item.email}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <Badge tone={item.status === "new" ? "brand" : "gray"}>
                    {INQUIRY_STATUS_LABELS[item.status]}
                  </Badge>
                  <time dateTime={item.created_at} className="text-slate-500 text-xs">
                    {formatAdminDateTime(item.created_at)}
                  </time>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => href(status, p)} />
    </>
  );
}
