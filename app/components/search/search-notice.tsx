import type { ReactNode } from "react";
import { Link } from "react-router";

/** A refused search (400): the reason and a way out. */
export function SearchError({ message, clearHref }: { message: string; clearHref: string }) {
  return (
    <div role="alert" className="rounded-2xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
      <p className="font-bold">検索条件が正しくありません</p>
      <p className="mt-1 text-sm">{message}</p>
      <Link to={clearHref} className="mt-3 inline-block font-bold text-sm underline">
        条件をクリアして探す
      </Link>
    </div>
  );
}

/** Nothing matched. */
export function EmptyResults({ children, clearHref }: { children: ReactNode; clearHref: string }) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200" data-testid="empty-results">
      <p className="font-bold text-lg">{children}</p>
      <p className="mt-2 text-slate-600 text-sm">条件を減らすか、エリアを広げてもう一度お試しください。</p>
      <Link
        to={clearHref}
        className="mt-4 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-bold text-sm text-white hover:bg-brand-700"
      >
        条件をクリア
      </Link>
    </div>
  );
}
