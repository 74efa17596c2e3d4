import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listAuditLog } from "~/.server/services/operators/list-audit-log";
import { Pager } from "~/components/admin/admin-ui";
import { EmptyState, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, parsePage } from "~/domain/admin";
import { type AuditLine, describeAuditEntry } from "~/domain/audit-log";
import { pageTitle } from "~/site";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const result = await listAuditLog({
    db: context.db,
    actor,
    input: { page: parsePage(url.searchParams.get("page")) },
  });
  // Each entry in the console's words (ADR 0053): the action, its object and its details.
  return {
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
    items: result.items.map((e) => ({
      id: e.id,
      action: e.action,
      at: e.at.toISOString(),
      operator_email: e.operator_email,
      ip: e.ip,
      ...describeAuditEntry(e, result.names),
    })),
  };
}

export function meta() {
  return [{ title: pageTitle("操作ログ") }, { name: "robots", content: "noindex, nofollow" }];
}

/** A value, linked to its page when the console has one. */
function LineValue({ line }: { line: AuditLine }) {
  if (!line.href) return <>{line.value}</>;
  return (
    <Link to={line.href} reloadDocument={line.download} className="text-brand-700 underline">
      {line.value}
    </Link>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize } = loaderData;
  return (
    <>
      <PageHeader title="操作ログ" lead="運営アカウントによるすべての操作の記録です（新しい順）。" />
      {items.length === 0 ? (
        <EmptyState title="記録はまだありません" />
      ) : (
        <ol className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {items.map((entry) => (
            <li
              key={entry.id}
              className="px-4 py-3 text-sm"
              data-testid="audit-row"
              data-action={entry.action}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-bold">{entry.title}</p>
                <time dateTime={entry.at} className="text-slate-500 text-xs">
                  {formatAdminDateTime(entry.at)}
                </time>
              </div>
              <p className="break-all text-slate-600 text-xs">
                {entry.operator_email || "コマンドライン"}
                {entry.ip ? `・${entry.ip}` : ""}
              </p>
              {entry.target || entry.lines.length > 0 ? (
                <dl className="mt-1 space-y-0.5 text-xs" data-testid="audit-details">
                  {[...(entry.target ? [entry.target] : []), ...entry.lines].map((line) => (
                    <div key={`${line.label}：${line.value}`} className="flex flex-wrap gap-x-1">
                      <dt className="shrink-0 text-slate-500">{line.label}：</dt>
                      <dd className="min-w-0 whitespace-pre-wrap break-all text-slate-800">
                        <LineValue line={line} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => `/admin/audit?page=${p}`} />
    </>
  );
}
