import { data } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { listPublicCoupons, type PublicCoupon } from "~/.server/services/coupons/list-public-coupons";
import { CouponCard } from "~/components/coupons/coupon-card";
import { InfiniteResults, type ResultPage } from "~/components/directory/infinite-results";
import { AreaPicker } from "~/components/form/area-picker";
import { SelectInput } from "~/components/form/select-input";
import { FilterPanel } from "~/components/search/filter-panel";
import { EmptyResults, SearchError } from "~/components/search/search-notice";
import { placeName, withAreaLabel } from "~/domain/areas";
import { COUPON_TEXTS } from "~/domain/coupons-display";
import { type CouponSearch, CouponSearchSchema } from "~/domain/directory-search";
import { labelOf, STORE_TYPES } from "~/domain/options";
import { parseWith } from "~/domain/query-params";
import { countFilters, searchQueryString } from "~/domain/search-query";
import { absoluteUrl, seoMeta } from "~/seo";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coupons";

const PATH = "/coupons";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseWith(CouponSearchSchema, url.searchParams);
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
  const viewer = await getViewer(request, context);
  const result = await listPublicCoupons({ db: context.db, actor: viewer, input: parsed.value });
  const query = searchQueryString(parsed.value);
  return {
    error: null,
    search: parsed.value,
    // The area's names come from the server: the area tree stays out of the page's scripts.
    place: placeName(parsed.value),
    result: {
      ...result,
      items: result.items.map((coupon) => ({ ...coupon, store: withAreaLabel(coupon.store) })),
    },
    canonical: absoluteUrl(context.env.baseUrl, query ? `${PATH}?${query}` : PATH),
  };
}

/** 「東京都 歌舞伎町のガールズバーのクーポン」 from the filters. */
function headingOf(search: CouponSearch | null, place = ""): string {
  if (!search) return COUPON_TEXTS.publicTitle;
  const type = search.store_type ? labelOf(STORE_TYPES, search.store_type) : "";
  const where = [place, type].filter(Boolean).join("の");
  return where ? `${where}のクーポン` : COUPON_TEXTS.publicTitle;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = headingOf(loaderData?.search ?? null, loaderData?.place);
  const total = loaderData?.result?.total;
  return seoMeta({
    title: pageTitle(heading),
    description: `${heading}${total !== undefined ? `（${total}件）` : ""}。初回割引やドリンクサービスなど、お店のクーポンを来店時に見せるだけで使えます。`,
    canonical: loaderData?.canonical ?? "",
    noindex: Boolean(loaderData?.error),
  });
}

const selectPage = (loaderData: unknown) =>
  (loaderData as { result?: ResultPage<PublicCoupon> | null } | undefined)?.result ?? null;

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { search, result, error } = loaderData;
  const hrefWith = (change: Partial<CouponSearch>) => {
    const query = searchQueryString({ ...(search ?? {}), page: 1, ...change });
    return query ? `${PATH}?${query}` : PATH;
  };
  const filters: Partial<CouponSearch> = search ?? {};
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="font-bold text-xl wide:text-2xl">{headingOf(search, loaderData.place)}</h1>
      <p className="mt-1 text-slate-600 text-sm">{COUPON_TEXTS.publicLead}</p>
      <div className="mt-4 wide:grid wide:grid-cols-[20rem_1fr] wide:items-start wide:gap-6">
        <div className="mb-4 wide:sticky wide:top-20 wide:mb-0">
          <FilterPanel action={PATH} activeCount={search ? countFilters(search) : 0}>
            <AreaPicker values={filters} idPrefix="coupon-filter" className="wide:[&>div]:grid-cols-1" />
            <SelectInput
              name="store_type"
              label="業種"
              options={STORE_TYPES}
              placeholder="すべての業種"
              defaultValue={filters.store_type ?? ""}
              idPrefix="coupon-filter"
            />
          </FilterPanel>
        </div>
        <section aria-label="クーポンの一覧" className="min-w-0">
          {error ? (
            <SearchError message={error} clearHref={PATH} />
          ) : result && result.total === 0 ? (
            <EmptyResults clearHref={PATH}>{COUPON_TEXTS.empty}</EmptyResults>
          ) : result ? (
            <InfiniteResults
              key={searchQueryString({ ...search, page: result.page })}
              initial={result}
              pageHref={(page) => hrefWith({ page })}
              select={selectPage}
              itemKey={(coupon) => coupon.coupon_id}
              renderItem={(coupon) => <CouponCard coupon={coupon} />}
              unit="件"
              listClassName="grid gap-3 sm:grid-cols-2"
              testId="coupon-results"
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
