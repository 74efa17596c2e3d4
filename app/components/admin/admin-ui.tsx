import { Link } from "react-router";

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
