import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listReports } from "~/.server/services/moderation/list-reports";
import { FilterTabs } from "~/components/admin/admin-ui";
import { Badge, EmptyState, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import { isReportKind, REPORT_TEXTS } from "~/domain/reports";
import { pageTitle } from "~/site";
import type { Route } from "./+types/reports";

/** `/admin/reports` (ADR 0033, ADR 0030): reports from chat rooms and live comments, one queue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "handled" ? "handled" : "open";
  const kindParam = url.searchParams.get("kind");
  const kind = isReportKind(kindParam) ? kindParam : null;
  const items = await listReports({ db: context.db, actor, input: { status, kind } });
  return {
    status,
    kind,
    items: items.map((item) => {
      // The latest thing the reported account said (a live report: the comment itself).
      const reportedLine = [...item.lines].reverse().find((line) => line.reported && line.body);
      return {
        kind: item.kind,
        report_id: item.report_id,
        reason: item.reason,
        outcome: item.outcome,
        created_at: item.created_at.toISOString(),
        reporter: item.reporter.name,
        reported: item.reported.name,
        reportedType: item.reported.type,
        reportedSuspended: item.reported.suspended,
        excerpt: reportedLine?.body ?? "",
        place: item.place.title,
      };
    }),
  };
}

export function meta() {
  return [{ title: pageTitle(REPORT_TEXTS.title) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { status, kind, items } = loaderData;
  const href = (s: string, k: string | null) => `/admin/reports?status=${s}${k ? `&kind=${k}` : ""}`;
  return (
    <>
      <PageHeader
        title={REPORT_TEXTS.title}
        lead="メッセージとライブコメントへの通報です。内容を確認し、問題なし・警告・アカウント停止のいずれかで対応してください。通報者には結果がメールで届きます。"
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={[
          { to: href("open", kind), label: "未対応", active: status === "open" },
          { to: href("handled", kind), label: "対応済み", active: status === "handled" },
        ]}
      />
      <FilterTabs
        label="種類で絞り込む"
        tabs={[
          { to: href(status, null), label: "すべて", active: kind === null },
          { to: href(status, "room"), label: REPORT_TEXTS.kind.room, active: kind === "room" },
          { to: href(status, "live"), label: REPORT_TEXTS.kind.live, active: kind === "live" },
        ]}
      />
      {items.length === 0 ? (
        <EmptyState title={status === "open" ? "未対応の通報はありません" : "該当する通報はありません"} />
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {items.map((item) => (
            <li key={`${item.kind}-${item.report_id}`}>
              <Link
                to={`/admin/reports/${item.kind}/${item.report_id}`}
                className="flex min-h-16 items-start gap-3 px-4 py-3 hover:bg-slate-50"
                data-testid="report-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge tone={item.kind === "room" ? "brand" : "amber"}>
                      {REPORT_TEXTS.kind[item.kind]}
                    </Badge>
                    <span className="truncate font-bold">{item.reported}</span>
                    <span className="text-slate-500 text-xs">
                      （{item.reportedType === "staff" ? "キャスト" : "ユーザー"}）
                    </span>
                    {item.reportedSuspended ? <Badge tone="red">停止中</Badge> : null}
                  </p>
                  <p className="mt-1 line-clamp-2 text-slate-700 text-sm">理由：{item.reason}</p>
                  {item.excerpt ? (
                    <p className="mt-1 truncate text-slate-500 text-xs">「{item.excerpt}」</p>
                  ) : null}
                  <p className="mt-1 text-slate-500 text-xs">
                    通報者：{item.reporter}
                    {item.place ? `・ライブ「${item.place}」` : ""}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  {item.outcome ? (
                    <Badge tone={item.outcome === "dismissed" ? "gray" : "red"}>
                      {REPORT_TEXTS.outcome[item.outcome]}
                    </Badge>
                  ) : (
                    <Badge tone="brand">未対応</Badge>
                  )}
                  <time dateTime={item.created_at} className="text-slate-500 text-xs">
                    {formatAdminDateTime(item.created_at)}
                  </time>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
