import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { SubmitButton } from "../form/submit-button";

/** From this width the panel stands open beside the results (the `wide` breakpoint). */
const WIDE = "(min-width: 64rem)";

/**
 * The filter form of a search page: a GET form (the filters end up in the URL, so a search can be
 * bookmarked and shared), folded away on phones and open beside the results from 1024 px.
 *
 * After a search the results come first (docs/product.md "Find"): with JavaScript the
 * panel closes on a phone, the page scrolls to the results' heading and the focus moves there
 * (screen readers read the new results, not the top of the page); without it the page the GET
 * answers renders the panel closed, so the results sit right under its summary.
 */
export function FilterPanel({
  action,
  activeCount,
  children,
  hidden = {},
  resultsId,
}: {
  action: string;
  /** How many filters are set (shown on the folded panel). */
  activeCount: number;
  children: ReactNode;
  /** Values kept across a new search (the sort). */
  hidden?: Record<string, string>;
  /** The id of the results' heading (`ResultsHeading`), shown and focused after a search. */
  resultsId?: string;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const submitted = useRef(false);
  const location = useLocation();
  useEffect(() => {
    if (details.current && window.matchMedia(WIDE).matches) details.current.open = true;
  }, []);
  // A new location after this form's submission: its results are on the page now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key)
  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    const wide = window.matchMedia(WIDE).matches;
    if (details.current && !wide) details.current.open = false;
    const heading = resultsId ? document.getElementById(resultsId) : null;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    // Beside the open panel on a wide screen the page stays put unless the heading is out of view.
    const { top, bottom } = heading.getBoundingClientRect();
    if (!wide || top < 0 || bottom > window.innerHeight) heading.scrollIntoView({ block: "start" });
  }, [location.key]);
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
      <Form
        method="get"
        action={action}
        // The page scrolls to the results itself (above), not back to the top.
        preventScrollReset
        onSubmit={() => {
          submitted.current = true;
        }}
        className="space-y-5 border-slate-100 border-t p-4"
        role="search"
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="flex flex-col gap-2 pt-2">
          <SubmitButton pendingLabel="検索中…">この条件で検索</SubmitButton>
          <Link
            to={action}
            className="flex min-h-11 items-center justify-center text-slate-600 text-sm underline"
          >
            条件をクリア
          </Link>
        </div>
      </Form>
    </details>
  );
}

/**
 * The heading of a search's results: where a search lands (FilterPanel scrolls to it and moves
 * the focus to it), clear of the sticky site header.
 */
export function ResultsHeading({ id }: { id: string }) {
  return (
    <h2 id={id} tabIndex={-1} className="mb-3 scroll-mt-20 font-bold text-lg focus:outline-none">
      検索結果
    </h2>
  );
}
