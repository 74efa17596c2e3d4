import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link } from "react-router";

/**
 * The filter form of a search page: a GET form (the filters end up in the URL, so a search can be
 * bookmarked and shared), folded away on phones and open beside the results from 1024 px.
 */
export function FilterPanel({
  action,
  activeCount,
  children,
  hidden = {},
}: {
  action: string;
  /** How many filters are set (shown on the folded panel). */
  activeCount: number;
  children: ReactNode;
  /** Values kept across a new search (the sort). */
  hidden?: Record<string, string>;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && window.matchMedia("(min-width: 64rem)").matches) details.current.open = true;
  }, []);
  return (
    <details ref={details} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-4 font-bold [&::-webkit-details-marker]:hidden">
        <span>
          絞り込み条件
          {activeCount > 0 && (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-white text-xs">
              {activeCount}件指定中
            </span>
          )}
        </span>
        <span className="text-slate-400 transition group-open:rotate-180" aria-hidden="true">
          ▾
        </span>
      </summary>
      <Form method="get" action={action} className="space-y-5 border-slate-100 border-t p-4" role="search">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="flex flex-col gap-2 pt-2">
          <button
            type="submit"
            className="min-h-11 w-full rounded-full bg-brand-600 px-4 font-bold text-white shadow hover:bg-brand-700"
          >
            この条件で検索
          </button>
          <Link to={action} className="py-2 text-center text-slate-600 text-sm underline">
            条件をクリア
          </Link>
        </div>
      </Form>
    </details>
  );
}
