import { Link } from "react-router";
import { LIST_SORTS, type ListSort, SORT_LABELS } from "~/domain/search-query";

/**
 * 新着順 / 人気順 / 相性が良い順 (SORT_LABELS, the same words on every page): links that keep the
 * filters and go back to page 1.
 */
export function SortTabs({ current, hrefFor }: { current: ListSort; hrefFor: (sort: ListSort) => string }) {
  return (
    <nav aria-label="並び順" className="overflow-x-auto">
      <ul className="flex gap-1 rounded-full bg-slate-200/70 p-1 text-sm">
        {LIST_SORTS.map((sort) => (
          <li key={sort} className="flex-1">
            <Link
              to={hrefFor(sort)}
              aria-current={sort === current ? "page" : undefined}
              className={`flex min-h-11 items-center justify-center whitespace-nowrap rounded-full px-3 ${
                sort === current
                  ? "bg-white font-bold text-brand-700 shadow-sm"
                  : "text-slate-700 hover:bg-white/60"
              }`}
            >
              {SORT_LABELS[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
