import { data } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { getMatchingState } from "~/.server/services/accounts/get-matching-state";
import { searchStaffs } from "~/.server/services/directory/search-staffs";
import { imagePriorityAt } from "~/components/directory/image-priority";
import { InfiniteResults, type ResultPage } from "~/components/directory/infinite-results";
import { skipAfterFollow } from "~/components/directory/revalidate";
import { FilterPanel, ResultsHeading } from "~/components/search/filter-panel";
import { MatchingSortNotice } from "~/components/search/matching-sort-notice";
import { EmptyResults, SearchError } from "~/components/search/search-notice";
import { SortTabs } from "~/components/search/sort-tabs";
import { StaffFilterFields } from "~/components/search/staff-filter-fields";
import { StaffCard, type StaffCardData, toStaffCard } from "~/components/staff/staff-card";
import { placeName } from "~/domain/areas";
import { parseStaffSearch, type StaffSearch } from "~/domain/directory-search";
import { countFilters, searchQueryString } from "~/domain/search-query";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/search-staff";

const PATH = "/search/staff";
const RESULTS_ID = "staff-search-results";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await getViewer(request, context);
  const now = new Date();
  const base = {
    now: now.toISOString(),
    matching: await getMatchingState({ db: context.db, actor: viewer }),
    canonical: absoluteUrl(context.env.baseUrl, PATH),
  };
  const parsed = parseStaffSearch(url.searchParams);
  if (!parsed.ok) {
    return data({ ...base, error: parsed.message, search: null, place: "", result: null }, { status: 400 });
  }
  const result = await searchStaffs({ db: context.db, actor: viewer, input: parsed.value, now });
  const query = searchQueryString(parsed.value);
  return {
    ...base,
    canonical: absoluteUrl(context.env.baseUrl, query ? `${PATH}?${query}` : PATH),
    error: null,
    search: parsed.value,
    // The area's name comes from the server: the area tree stays out of the page's scripts.
    place: placeName(parsed.value),
    result: { ...result, items: result.items.map(toStaffCard) },
  };
}

export const shouldRevalidate = skipAfterFollow;

/** "東京都 歌舞伎町のキャスト" from the area filters. */
function headingOf(search: StaffSearch | null, place = ""): string {
  if (!search) return "キャストを探す";
  const keyword = search.keyword ? `「${search.keyword}」` : "";
  return place || keyword ? `${[place, keyword].filter(Boolean).join(" ")}のキャスト` : "キャストを探す";
}

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = headingOf(loaderData?.search ?? null, loaderData?.place);
  const total = loaderData?.result?.total;
  return seoMeta({
    title: pageTitle(heading === "キャストを探す" ? "キャスト検索" : `${heading}一覧`),
    description: `${heading}${total !== undefined ? `（${total}人）` : ""}。年齢・身長・血液型・体型などの条件と相性診断から、ガールズバー・キャバクラ・コンカフェのキャストを探せます。`,
    canonical: loaderData?.canonical ?? "",
    noindex: Boolean(loaderData?.error),
  });
}

const selectPage = (loaderData: unknown) =>
  (loaderData as { result?: ResultPage<StaffCardData> | null } | undefined)?.result ?? null;

export default function SearchStaff({ loaderData }: Route.ComponentProps) {
  const { search, result, error, now, matching } = loaderData;
  const filters = search ?? {};
  const hrefWith = (change: Partial<StaffSearch>) => {
    const query = searchQueryString({ ...(search ?? {}), page: 1, ...change });
    return query ? `${PATH}?${query}` : PATH;
  };
  const activeCount = search ? countFilters(search) : 0;
  const heading = headingOf(search, loaderData.place);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="font-bold text-xl wide:text-2xl">{heading}</h1>
      <div className="mt-4 wide:grid wide:grid-cols-[20rem_1fr] wide:items-start wide:gap-6">
        <div className="mb-4 wide:sticky wide:top-20 wide:mb-0 wide:max-h-[calc(100dvh-6rem)] wide:overflow-y-auto">
          <FilterPanel
            action={PATH}
            activeCount={activeCount}
            hidden={search?.sort ? { sort: search.sort } : {}}
            resultsId={RESULTS_ID}
          >
            <StaffFilterFields filters={filters} />
          </FilterPanel>
        </div>
        <section aria-labelledby={RESULTS_ID} className="min-w-0">
          <ResultsHeading id={RESULTS_ID} />
          {search && (
            <div className="mb-4">
              <SortTabs current={search.sort} hrefFor={(sort) => hrefWith({ sort })} />
              <MatchingSortNotice
                state={matching}
                matchingSort={search.sort === "matching"}
                from={hrefWith({ sort: "matching" })}
              />
            </div>
          )}
          {error ? (
            <SearchError message={error} clearHref={PATH} />
          ) : result && result.total === 0 ? (
            <EmptyResults clearHref={PATH}>条件に合うキャストが見つかりませんでした</EmptyResults>
          ) : result ? (
            <InfiniteResults
              key={searchQueryString({ ...search, page: result.page })}
              initial={result}
              pageHref={(page) => hrefWith({ page })}
              select={selectPage}
              itemKey={(staff) => staff.uid}
              renderItem={(staff, index) => (
                <StaffCard staff={staff} now={now} imagePriority={imagePriorityAt(index)} />
              )}
              unit="人"
              listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 wide:grid-cols-3"
              testId="staff-results"
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
