import { operatorActor } from "~/.server/http/admin";
import { listAuditLog } from "~/.server/services/operators/list-audit-log";
import { Pager } from "~/components/admin/admin-ui";
import { EmptyState, PageHeader } from "~/components/ui/kit";
import { auditActionLabel, formatAdminDateTime, parsePage } from "~/domain/admin";
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
  return { ...result, items: result.items.map((e) => ({ ...e, at: e.at.toISOString() })) };
}

export function meta() {
  return [{ title: pageTitle("操作ログ") }, { name: "robots", content: "noindex, nofollow" }];
}

/** The details of an entry as short "key: value" pairs (ids shortened). */
function detailText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("、");
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
                <p className="font-bold">{auditActionLabel(entry.action)}</p>
                <time dateTime={entry.at} className="text-slate-500 text-xs">
                  {formatAdminDateTime(entry.at)}
                </time>
              </div>
              <p className="break-all text-slate-600 text-xs">
                {entry.operator_email || "コマンドライン"}
                {entry.ip ? `・${entry.ip}` : ""}
                {entry.target_type
                  ? `・${entry.target_type}${entry.target_id ? ` ${entry.target_id.slice(0, 8)}` : ""}`
                  : ""}
              </p>
              {Object.keys(entry.details).length > 0 ? (
                <p className="mt-1 break-all text-slate-500 text-xs">{detailText(entry.details)}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => `/admin/audit?page=${p}`} />
    </>
  );
}
