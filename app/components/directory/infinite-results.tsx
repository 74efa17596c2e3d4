import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatNumber } from "~/domain/format";
import { Spinner } from "../ui/spinner";

/** docs/product.md: the next page loads when the end of the list is this close. */
const LOAD_AHEAD_PX = 250;

export interface ResultPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface InfiniteResultsProps<T> {
  /** The page the server rendered. */
  initial: ResultPage<T>;
  /** The URL of another page of the same search. */
  pageHref: (page: number) => string;
  /** Picks the result page out of the route's loader data (what `fetcher.load(pageHref(n))` answers). */
  select: (loaderData: unknown) => ResultPage<T> | null;
  itemKey: (item: T) => string;
  /** `index`: the place in the list (0 = first card of the page the server rendered). */
  renderItem: (item: T, index: number) => ReactNode;
  /** A noun with its counter, e.g. "人" or "件". */
  unit: string;
  listClassName: string;
  testId?: string;
}

/**
 * The results of a search: the page indicator (from-to/total, docs/product.md), the cards, and the next
 * page. Without JavaScript the next page is a plain link (`?page=n`); with it, the next page is
 * fetched and appended when the end of the list comes within 250 px, and the same link becomes a
 * "load more" button, in case the observer does not fire.
 */
export function InfiniteResults<T>({
  initial,
  pageHref,
  select,
  itemKey,
  renderItem,
  unit,
  listClassName,
  testId,
}: InfiniteResultsProps<T>) {
  const [items, setItems] = useState(initial.items);
  const [lastPage, setLastPage] = useState(initial.page);
  const fetcher = useFetcher();
  const sentinel = useRef<HTMLDivElement>(null);
  const { total, pageSize, page: firstPage } = initial;
  const hasMore = lastPage * pageSize < total;
  const loading = fetcher.state !== "idle";

  useEffect(() => {
    const next = fetcher.data ? select(fetcher.data) : null;
    if (next && next.page === lastPage + 1) {
      setItems((current) => [...current, ...next.items]);
      setLastPage(next.page);
    }
  }, [fetcher.data, select, lastPage]);

  const loadNext = () => {
    if (!hasMore || loading) return;
    fetcher.load(pageHref(lastPage + 1));
  };
  const loadNextRef = useRef(loadNext);
  loadNextRef.current = loadNext;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadNextRef.current();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);

  const from = total === 0 ? 0 : (firstPage - 1) * pageSize + 1;
  const to = Math.min(lastPage * pageSize, total);

  return (
    <div data-testid={testId}>
      <div className="mb-3 flex items-baseline justify-between gap-3 text-slate-600 text-sm">
        <p data-testid="result-count">
          <span className="font-bold text-lg text-slate-900">{formatNumber(total)}</span>
          {unit}が見つかりました
        </p>
        <p data-testid="page-indicator" aria-live="polite" className="tabular-nums">
          {from}-{to}/{total}
        </p>
      </div>
      {firstPage > 1 && (
        <p className="mb-3">
          <Link to={pageHref(firstPage - 1)} className="text-brand-700 text-sm underline">
            前のページへ
          </Link>
        </p>
      )}
      <ul className={listClassName}>
        {items.map((item, index) => (
          <li key={itemKey(item)}>{renderItem(item, index)}</li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
        {hasMore ? (
          <Link
            to={pageHref(lastPage + 1)}
            onClick={(event) => {
              event.preventDefault();
              loadNext();
            }}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-6 font-bold text-sm hover:bg-slate-50"
            data-testid="next-page"
          >
            {loading ? <Spinner /> : null}
            {loading ? "読み込み中…" : `次の${pageSize}${unit}を見る`}
          </Link>
        ) : items.length > 0 ? (
          <p className="text-slate-500 text-sm">すべて表示しました</p>
        ) : null}
      </div>
    </div>
  );
}
