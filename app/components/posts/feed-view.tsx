import type { ReactNode } from "react";
import { Link } from "react-router";
import { InfiniteResults, type ResultPage } from "~/components/directory/infinite-results";
import { MatchingSortNotice } from "~/components/search/matching-sort-notice";
import { SearchError } from "~/components/search/search-notice";
import { SortTabs } from "~/components/search/sort-tabs";
import type { RegionChoice } from "~/domain/areas";
import { type FeedTab, tabOfSources } from "~/domain/feed-query";
import type { MatchingState } from "~/domain/matching";
import type { FeedSort, PostSource } from "~/domain/posts";
import { searchQueryString } from "~/domain/search-query";
import { imagePriorityAt } from "../directory/image-priority";
import { FeedAreaPicker, SourceTabs } from "./feed-controls";
import { PostCard, type PostCardData } from "./post-card";

/** The state of a feed page, all of it in the URL. */
export interface FeedState {
  source: PostSource[];
  region?: string;
  prefecture?: string;
  sort: FeedSort;
  page: number;
}

export interface FeedViewProps {
  path: string;
  state: FeedState | null;
  result: ResultPage<PostCardData> | null;
  error: string | null;
  now: string;
  /** What a matching score is for the viewer: says why `sort=matching` shows 新着順 (ADR 0060). */
  matching: MatchingState;
  /** Source tabs (not on the YouTube pages, whose source is fixed). */
  tabs?: boolean;
  /** Region and prefecture pickers with these choices (the site-wide feeds). */
  areas?: RegionChoice[] | null;
  /** Sort tabs (not on one staff member's feed: every post has the same author). */
  sorts?: boolean;
  empty: ReactNode;
}

/** The URL of the feed with `change` applied (page 1 unless given). */
export function feedHref(path: string, state: FeedState | null, change: Partial<FeedState>): string {
  const next = { source: [], sort: "new", ...(state ?? {}), page: 1, ...change };
  const query = searchQueryString({
    source: next.source,
    region: next.region,
    prefecture: next.prefecture,
    sort: next.sort,
    page: next.page,
  });
  return query ? `${path}?${query}` : path;
}

const selectPage = (loaderData: unknown) =>
  (loaderData as { result?: ResultPage<PostCardData> | null } | undefined)?.result ?? null;

/** Tabs, pickers, sorts and the infinitely scrolling list of a feed (ADR 0024 "Pages"). */
export function FeedView({
  path,
  state,
  result,
  error,
  now,
  matching,
  tabs = true,
  areas = null,
  sorts = true,
  empty,
}: FeedViewProps) {
  const href = (change: Partial<FeedState>) => feedHref(path, state, change);
  const current: FeedTab = tabOfSources(state?.source ?? []);
  return (
    <div className="space-y-4">
      {tabs && (
        <SourceTabs
          current={current}
          hrefFor={(tab) => href({ source: tab === "all" ? [] : [tab as PostSource] })}
        />
      )}
      {areas && (
        <FeedAreaPicker
          choices={areas}
          key={`${state?.region ?? ""}-${state?.prefecture ?? ""}`}
          action={path}
          region={state?.region}
          prefecture={state?.prefecture}
          keep={{
            source: state?.source.length ? state.source.join(",") : undefined,
            sort: state?.sort && state.sort !== "new" ? state.sort : undefined,
          }}
        />
      )}
      {state && sorts && (
        <div>
          <SortTabs current={state.sort} hrefFor={(sort) => href({ sort })} />
          {matching !== "answered" && (
            <MatchingSortNotice
              state={matching}
              matchingSort={state.sort === "matching"}
              from={href({ sort: "matching" })}
            />
          )}
        </div>
      )}
      {error ? (
        <SearchError message={error} clearHref={path} />
      ) : result && result.total === 0 ? (
        empty
      ) : result ? (
        <InfiniteResults
          key={feedHref(path, state, { page: result.page })}
          initial={result}
          pageHref={(page) => href({ page })}
          select={selectPage}
          itemKey={(post) => post.post_id}
          renderItem={(post, index) => (
            <PostCard post={post} now={now} imagePriority={imagePriorityAt(index)} />
          )}
          unit="件"
          listClassName="mx-auto grid max-w-xl gap-4"
          testId="post-results"
        />
      ) : null}
    </div>
  );
}

/** Nothing to show: a sentence and where to go. */
export function FeedEmpty({
  title,
  hint,
  links,
}: {
  title: string;
  hint?: string;
  links: { to: string; label: string }[];
}) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200" data-testid="empty-results">
      <p className="font-bold text-lg">{title}</p>
      {hint && <p className="mt-2 text-slate-600 text-sm">{hint}</p>}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {links.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-bold text-sm text-white hover:bg-brand-700"
          >
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
