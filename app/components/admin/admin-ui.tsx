import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { auditActionLabel, formatAdminDateTime } from "~/domain/admin";
import { STORE_STATUSES } from "~/domain/options";
import { logActionLabel } from "~/domain/store-logs";
import { Badge, Card } from "../ui/kit";

/** Filter tabs of a list page (status), as links: they work without JavaScript. */
export function FilterTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: readonly { to: string; label: string; active: boolean; count?: number }[];
}) {
  return (
    <nav aria-label={label} className="mb-4 flex gap-2 overflow-x-auto">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.active ? "page" : undefined}
          className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-4 text-sm ${tab.active ? "bg-night-900 font-bold text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"}`}
        >
          {tab.label}
          {tab.count !== undefined ? <span className="text-xs opacity-80">（{tab.count}）</span> : null}
        </Link>
      ))}
    </nav>
  );
}

/** 前へ / 次へ for a list of `total` rows, `pageSize` a page; keeps the other query parameters. */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const link =
    "inline-flex min-h-11 items-center rounded-full px-4 text-sm ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <nav aria-label="ページ送り" className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          ‹ 前へ
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600 text-sm">
        {page} / {pages} ページ（全{total}件）
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          次へ ›
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * A search box of a list page: a GET form, so the search is in the URL and works without
 * JavaScript; `keep` carries the list's other filters along.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  keep = {},
}: {
  label: string;
  placeholder: string;
  value: string;
  keep?: Record<string, string>;
}) {
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      {Object.entries(keep).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <label className="min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <input
          type="search"
          name="q"
          defaultValue={value}
          placeholder={placeholder}
          maxLength={100}
          className="min-h-11 w-full rounded-full border border-slate-300 bg-white px-4 text-base"
        />
      </label>
      <button
        type="submit"
        className="min-h-11 shrink-0 rounded-full bg-night-900 px-5 font-bold text-sm text-white hover:bg-night-800"
      >
        検索
      </button>
    </Form>
  );
}

const STORE_STATUS_TONES = { public: "green", private: "gray", suspended: "red", deleted: "gray" } as const;

/** A store's status as a coloured label (公開中 / 非公開 / 停止中 / 削除済み). */
export function StoreStatusBadge({ status }: { status: keyof typeof STORE_STATUS_TONES }) {
  return (
    <Badge tone={STORE_STATUS_TONES[status]}>
      {STORE_STATUSES.find((s) => s.value === status)?.label ?? status}
    </Badge>
  );
}

/** Label / value rows of an object's facts. */
export function FactList({
  rows,
  testId,
}: {
  rows: readonly { label: string; value: ReactNode }[];
  testId?: string;
}) {
  return (
    <dl className="divide-y divide-slate-100" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className="py-2 sm:grid sm:grid-cols-[9rem_1fr] sm:gap-3">
          <dt className="font-bold text-slate-500 text-xs sm:text-sm">{row.label}</dt>
          <dd className="break-all text-sm">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The operator's audit entries about one object, newest first. */
export function AuditTrail({
  entries,
  empty = "運営の操作記録はまだありません。",
}: {
  entries: readonly {
    id: string;
    at: Date | string;
    action: string;
    operator_email: string;
    details: Record<string, unknown>;
  }[];
  empty?: string;
}) {
  if (entries.length === 0) return <p className="text-slate-500 text-sm">{empty}</p>;
  return (
    <ol className="space-y-2" data-testid="audit-trail">
      {entries.map((entry) => {
        const reason = typeof entry.details.reason === "string" ? entry.details.reason : null;
        return (
          <li key={entry.id} className="rounded-lg bg-slate-50 p-3 text-sm" data-action={entry.action}>
            <p className="font-bold">{auditActionLabel(entry.action)}</p>
            <p className="text-slate-500 text-xs">
              {formatAdminDateTime(entry.at)}・{entry.operator_email || "コマンドライン"}
            </p>
            {reason ? <p className="mt-1 whitespace-pre-wrap break-all text-xs">理由：{reason}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A performer's state as the console shows it: deleted, hidden by the operator, shown, hidden by her store. */
export function StaffStateBadge({
  staff,
}: {
  staff: { status: "public" | "deleted"; is_displayed: boolean; operator_hidden: boolean };
}) {
  if (staff.status === "deleted") return <Badge tone="gray">削除済み</Badge>;
  if (staff.operator_hidden) return <Badge tone="red">運営が非表示</Badge>;
  return staff.is_displayed ? <Badge tone="green">表示中</Badge> : <Badge tone="gray">店舗が非表示</Badge>;
}

/**
 * The history of a store or a performer, side by side from 1024 px: the store's own activity log
 * (what its back office shows) and the operator's audit entries about it.
 */
export function HistoryCards({
  logs,
  audit,
  logsLead,
  auditLead,
}: {
  logs: readonly { log_id: string; created_at: Date | string; action: string; description: string }[];
  audit: Parameters<typeof AuditTrail>[0]["entries"];
  logsLead: string;
  auditLead?: string;
}) {
  return (
    <div className="grid gap-5 wide:grid-cols-2">
      <Card title="店舗の操作履歴" lead={logsLead} id="logs">
        {logs.length === 0 ? (
          <p className="text-slate-500 text-sm">まだ記録はありません。</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="store-logs">
            {logs.map((log) => (
              <li key={log.log_id} className="py-2">
                <p className="text-slate-500 text-xs">
                  {formatAdminDateTime(log.created_at)}・{logActionLabel(log.action)}
                </p>
                <p className="break-all">{log.description}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="運営の操作記録" lead={auditLead} id="audit">
        <AuditTrail entries={audit} />
      </Card>
    </div>
  );
}
