import { data } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { searchLivers } from "~/.server/services/directory/search-livers";
import type { PublicLiver } from "~/.server/services/shared/liver-query";
import { imagePriorityAt } from "~/components/directory/image-priority";
import { InfiniteResults, type ResultPage } from "~/components/directory/infinite-results";
import { skipAfterFollow } from "~/components/directory/revalidate";
import { FilterPanel, ResultsHeading } from "~/components/search/filter-panel";
import { EmptyResults, SearchError } from "~/components/search/search-notice";
import { StoreFilterFields } from "~/components/search/store-filter-fields";
import { FollowableStoreCard } from "~/components/store/followable-store-card";
import { placeName, withAreaLabel } from "~/domain/areas";
import { type LiverSearch, parseLiverSearch } from "~/domain/directory-search";
import { labelOf, STORE_TYPES } from "~/domain/options";
import { countFilters, searchQueryString } from "~/domain/search-query";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/search-liver";

const PATH = "/search/liver";
const RESULTS_ID = "store-search-results";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = await getViewer(request, context);
  const parsed = parseLiverSearch(url.searchParams);
  if (!parsed.ok) {
    return data(
      {
        error: parsed.message,
        search: null,
        place: "",
        result: null,
        canonical: absoluteUrl(context.env.baseUrl, PATH),
      },
      { status: 400 },
    );
  }
  const result = await searchLivers({ db: context.db, actor: viewer, input: parsed.value });
  const query = searchQueryString(parsed.value);
  return {
    error: null,
    search: parsed.value,
    // The area's names come from the server: the area tree stays out of the page's scripts.
    place: placeName(parsed.value),
    result: { ...result, items: result.items.map(withAreaLabel) },
    canonical: absoluteUrl(context.env.baseUrl, query ? `${PATH}?${query}` : PATH),
  };
}

export const shouldRevalidate = skipAfterFollow;

/** "東京都 歌舞伎町のガールズバー" from the filters. */
function headingOf(search: LiverSearch | null, place = ""): string {
  if (!search) return "お店を探す";
  const type = search.store_type ? labelOf(STORE_TYPES, search.store_type) : "";
  const keyword = search.keyword ? `「${search.keyword}」` : "";
  if (!place && !type && !keyword) return "お店を探す";
  return `${[place, keyword].filter(Boolean).join(" ")}${place || keyword ? "の" : ""}${type || "お店"}`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = headingOf(loaderData?.search ?? null, loaderData?.place);
  const total = loaderData?.result?.total;
  return seoMeta({
    title: pageTitle(heading === "お店を探す" ? "お店検索" : `${heading}一覧`),
    description: `${heading}${total !== undefined ? `（${total}件）` : ""}。エリア・業種・こだわり条件から、ガールズバー・キャバクラ・ラウンジ・スナック・コンカフェを探せます。`,
    canonical: loaderData?.canonical ?? "",
    noindex: Boolean(loaderData?.error),
  });
}

const selectPage = (loaderData: unknown) =>
  (loaderData as { result?: ResultPage<PublicLiver> | null } | undefined)?.result ?? null;

export default function SearchLiver({ loaderData }: Route.ComponentProps) {
  const { search, result, error } = loaderData;
  const hrefWith = (change: Partial<LiverSearch>) => {
    const query = searchQueryString({ ...(search ?? {}), page: 1, ...change });
    return query ? `${PATH}?${query}` : PATH;
  };
  const activeCount = search ? countFilters(search) : 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="font-bold text-xl wide:text-2xl">{headingOf(search, loaderData.place)}</h1>
      <div className="mt-4 wide:grid wide:grid-cols-[20rem_1fr] wide:items-start wide:gap-6">
        <div className="mb-4 wide:sticky wide:top-20 wide:mb-0 wide:max-h-[calc(100dvh-6rem)] wide:overflow-y-auto">
          <FilterPanel action={PATH} activeCount={activeCount} resultsId={RESULTS_ID}>
            <StoreFilterFields filters={search ?? {}} />
          </FilterPanel>
        </div>
        <section aria-labelledby={RESULTS_ID} className="min-w-0">
          <ResultsHeading id={RESULTS_ID} />
          {error ? (
            <SearchError message={error} clearHref={PATH} />
          ) : result && result.total === 0 ? (
            <EmptyResults clearHref={PATH}>条件に合うお店が見つかりませんでした</EmptyResults>
          ) : result ? (
            <InfiniteResults
              key={searchQueryString({ ...search, page: result.page })}
              initial={result}
              pageHref={(page) => hrefWith({ page })}
              select={selectPage}
              itemKey={(store) => store.uid}
              renderItem={(store, index) => (
                <FollowableStoreCard store={store} imagePriority={imagePriorityAt(index)} />
              )}
              unit="件"
              listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3"
              testId="store-results"
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
